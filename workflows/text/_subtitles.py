"""A recorded product webinar's English subtitles as a SubRip file, with what the fix at hand needs:
cues numbered with gaps (some were deleted), sound descriptions (`[MUSIC]`, `(laughs)`), or a few
cues that overlap the next. Dialogue never holds brackets or parentheses of its own."""

from __future__ import annotations

import random

from faker import Faker

from forge.checks.text_subtitles import stamp

LINES = ["Hi everyone, and welcome to today's session.", "Thanks for joining us from all over the world.",
         "My name is {host}, and I look after the product team.",
         "Today I'm going to show you the new reporting dashboard.",
         "Let's start with a quick look at the home screen.",
         "On the left you can see all of your saved reports.", "Click any of them to open it in a new tab.",
         "Filters live at the top of every report.", "You can combine as many as you like.",
         "Here I'm filtering by region and by month.", "The chart updates as soon as you change a filter.",
         "Now let's export this view to a spreadsheet.", "The export keeps every filter you applied.",
         "A lot of you asked about scheduled reports.", "You can now send any report by email every week.",
         "Just pick the day and the people who should get it.", "{guest} from our support team is here with me.",
         "Thanks, {host}. Happy to be here.", "We get this question a lot in support.",
         "People want to share a report with a client.", "The new share link does exactly that.",
         "Let's take a couple of questions from the chat.", "Someone asks whether old reports still work.",
         "Yes, everything you built before keeps working.", "That's all we have time for today.",
         "The recording will be in your inbox tomorrow.", "Thanks for watching, and see you next month."]
SOUNDS = ["[MUSIC]", "[APPLAUSE]", "[KEYBOARD CLICKING]", "[NOTIFICATION SOUND]"]
INLINE = ["(laughs)", "(coughs)", "[chuckles]"]


class Subtitles:
    """`text` (SubRip) of 16 to 20 cues as `cues` [(number, start ms, end ms, [lines])], shaped for `operation`."""

    def __init__(self, rng: random.Random, faker: Faker, operation: str) -> None:
        names = {"host": faker.first_name(), "guest": faker.first_name()}
        spoken = [line.format(**names) for line in LINES]
        count = rng.randint(16, 20)
        picked = [spoken[0], *sorted(rng.sample(spoken[1:-1], count - 2), key=spoken.index), spoken[-1]]
        self.cues: list[tuple[int, int, int, list[str]]] = []
        clock = rng.randint(1200, 4000)
        for k, line in enumerate(picked, start=1):
            length = rng.randint(1600, 3800)
            words = line.split()
            text = [line] if len(line) < 42 else [" ".join(words[:len(words) // 2]), " ".join(words[len(words) // 2:])]
            if operation == "strip_sounds" and rng.random() < 0.25:
                text[0] = f"{rng.choice(INLINE)} {text[0]}"
            self.cues.append((k, clock, clock + length, text))
            clock += length + rng.randint(150, 1400)
        if operation == "strip_sounds":  # whole cues that are only a sound, and one line with a sound after it
            for at in sorted(rng.sample(range(1, len(self.cues) - 1), 3), reverse=True):
                _, start, _, _ = self.cues[at]
                self.cues.insert(at, (0, start - 120, start - 20, [rng.choice(SOUNDS)]))
            self.cues = self._shifted_starts(self.cues)
        if operation == "overlaps":
            for at in rng.sample(range(len(self.cues) - 1), 4):
                n, start, _, text = self.cues[at]
                self.cues[at] = (n, start, self.cues[at + 1][1] + rng.randint(150, 900), text)
        numbers = list(range(1, len(self.cues) + 1))
        if operation == "renumber":  # cues deleted in an editor: gaps, and a pair typed twice
            numbers, n = [], 0
            for _ in self.cues:
                n += rng.choice([1, 1, 1, 2, 3])
                numbers.append(n)
            twice = rng.randrange(1, len(numbers) - 1)
            numbers[twice] = numbers[twice - 1]
        self.cues = [(numbers[k], s, e, t) for k, (_, s, e, t) in enumerate(self.cues)]

    @property
    def text(self) -> str:
        return "\n".join(f"{n}\n{stamp(s)} --> {stamp(e)}\n" + "\n".join(t) + "\n" for n, s, e, t in self.cues)

    def open_gap(self, number: int, ms: int) -> None:
        """Cue `number` and those after it start `ms` later (a stretch of video before them, since cut)."""
        self.cues = [(n, s + ms, e + ms, t) if n >= number else (n, s, e, t) for n, s, e, t in self.cues]

    @staticmethod
    def _shifted_starts(cues: list[tuple[int, int, int, list[str]]]) -> list[tuple[int, int, int, list[str]]]:
        """Sound cues sit in the gap before the next line; times kept increasing."""
        out, last = [], 0
        for n, start, end, text in cues:
            start = max(start, last + 40)
            end = max(end, start + 400)
            out.append((n, start, end, text))
            last = end
        return out

    @property
    def first_start(self) -> int:
        return self.cues[0][1]
