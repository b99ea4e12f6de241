"""Rename subtitles downloaded apart from a series' episodes so the player loads them on its own:
each .srt (named every which way: harbour_lights_1x03.srt, Harbour Lights S01E03 English.srt) takes
its episode's video name, with the language code before .srt or not; the videos all in one folder,
or in season folders with the subtitles in a downloads folder of their own (moved next to their
video); subtitles for episodes not downloaded left alone or deleted."""

from __future__ import annotations

import random

from faker import Faker

from forge.models import ReferenceSolution
from preparers.files import _filler, jpeg
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SHOWS = ["Harbour Lights", "The Long Field", "Northbound", "Quiet Hours", "Saltmarsh", "Glass Office"]
TITLES = ["The Pier", "Low Tide", "Strangers", "The Letter", "Night Shift", "Crossing", "Homecoming", "Aftermath",
          "The Visit", "Undertow", "Open Water", "Last Light"]


class Options(SkillParams):
    language: bool | None = None
    seasons: bool | None = None
    delete_orphans: bool | None = None


class Params(Prepared):
    folder: str
    subs: str | None
    language: str | None
    orphans: str


def _video_name(rng: random.Random, show: str, season: int, number: int, title: str | None) -> str:
    """A release's name (dotted, no title) or a library's (the episode's title after the code)."""
    if title is None:
        return f"{show.replace(' ', '.')}.S{season:02d}E{number:02d}.1080p.WEB.x264.{rng.choice(['mkv', 'mp4'])}"
    return f"{show} - S{season:02d}E{number:02d} - {title}.{rng.choice(['mkv', 'mp4'])}"


def _sub_name(rng: random.Random, show: str, season: int, number: int) -> str:
    """A downloaded subtitle's name, as subtitle sites and people write them."""
    snake = show.lower().replace(" ", "_")
    return rng.choice([f"{snake}_{season}x{number:02d}.srt", f"{show} S{season:02d}E{number:02d} English.srt",
                       f"{show.lower().replace(' ', '.')}.s{season:02d}e{number:02d}.eng.srt",
                       f"{snake}_s{season}e{number}.srt"])


def _srt(rng: random.Random, faker: Faker) -> bytes:
    cues = [f"{n}\n00:00:{n * 3:02d},000 --> 00:00:{n * 3 + 2:02d},500\n{faker.sentence()}\n" for n in range(1, 6)]
    return "\n".join(cues).encode()


@register_workflow
class MatchSubtitles(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.match_subtitles", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "{% if subs %}The episodes of {{ folder }}/ are in season folders and the subtitles I downloaded are "
            "in {{ folder }}/{{ subs }}/.{% else %}{{ folder }}/ holds the episodes and the subtitles I downloaded "
            "for them.{% endif %} Each .srt names its episode one way or another (S01E03, s1e3 or 1x03). Rename "
            "each subtitle to its episode's video file name with .srt instead of the video's extension"
            "{% if language %}, and the language code before it ({{ language }}): <video name>.{{ language }}.srt"
            "{% else %}: <video name>.srt{% endif %}{% if subs %}, moved next to the video{% endif %}. "
            "{% if orphans == 'delete' %}Delete the subtitles for episodes that have no video.{% else %}Leave the "
            "subtitles for episodes that have no video as they are.{% endif %} Don't change anything else.",
            "The player won't pick up the subtitles for {{ folder }} because they're named differently from the "
            "episodes{% if subs %} (and they're all sitting in {{ subs }} instead of next to the videos in the "
            "season folders){% endif %}. Could you give each one its episode's file name"
            "{% if language %} plus .{{ language }} before the .srt{% endif %}"
            "{% if subs %}, in the same folder as the video{% endif %}? The episode is in their names, S01E03 or "
            "1x03 style. {% if orphans == 'delete' %}A few are for episodes I haven't got; delete those."
            "{% else %}A few are for episodes I haven't got yet; just leave those.{% endif %}",
            "{{ folder }}/: for each *.srt{% if subs %} in {{ subs }}/{% endif %}, find the video with the same "
            "episode (SxxEyy / sXeY / NxNN in the name) and rename the .srt to <video stem>"
            "{% if language %}.{{ language }}{% endif %}.srt{% if subs %} in the video's folder{% endif %}; "
            "{% if orphans == 'delete' %}rm subtitles with no video{% else %}subtitles with no video stay put"
            "{% endif %}; nothing else changes.",
        ],
        criteria=["Each subtitle with a video carries that video's name (and the language code when asked), "
                  "beside it.", "Subtitles without a video are left or deleted as asked; videos are untouched."],
        files=[FileSlot(param="folder", type="tree", role="in_place",
                        description="A series' episodes and subtitles")],
        checks=[CheckTemplate(func="tree.subtitles_matched", bind={"language": "language", "orphans": "orphans"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        show = rng.choice(SHOWS)
        seasons = opts.seasons if opts.seasons is not None else rng.random() < 0.5
        delete = opts.delete_orphans if opts.delete_orphans is not None else rng.random() < 0.5
        language = opts.language if opts.language is not None else rng.random() < 0.5
        params = Params(folder=show.replace(" ", "_"),
                        subs=rng.choice(["Subs", "Downloaded_subtitles"]) if seasons else None,
                        language=rng.choice(["en", "eng"]) if language else None,
                        orphans="delete" if delete else "leave")
        titles = rng.sample(TITLES, 10) if rng.random() < 0.5 else None
        files: dict[str, bytes] = {"poster.jpg": jpeg(rng, rng.randrange(2_000, 8_000)),
                                   "episodes.txt": f"{show}: episode list from {ctx.faker.company()}\n".encode()}
        counts = {1: rng.randint(3, 5), 2: rng.randint(3, 5)}
        for season, count in counts.items():
            for number in range(1, count + 1):
                video = _video_name(rng, show, season, number, titles and titles[(season - 1) * 5 + number - 1])
                where = f"Season {season}/{video}" if seasons else video
                files[where] = _filler(rng, rng.randrange(20_000, 60_000), video[-4:])
                if rng.random() < 0.85 or number == 1:
                    sub = _sub_name(rng, show, season, number)
                    files[f"{params.subs}/{sub}" if seasons else sub] = _srt(rng, ctx.faker)
        for number in rng.sample(range(counts[2] + 1, counts[2] + 4), rng.randint(1, 2)):  # not downloaded yet
            sub = _sub_name(rng, show, 2, number)
            files[f"{params.subs}/{sub}" if seasons else sub] = _srt(rng, ctx.faker)
        return params.with_files(folder=pack_tree(dict(sorted(files.items()))))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re
            root, tag, delete = {lit(params.folder)}, {lit(params.language)}, {params.orphans == "delete"!r}
            code = re.compile(r"(?<![A-Za-z0-9])(?:[Ss](\\d{{1,2}})[Ee](\\d{{1,3}})|(\\d{{1,2}})x(\\d{{2,3}}))(?!\\d)")

            def episode(name):
                m = code.search(name)
                return None if m is None else (int(m[1] or m[3]), int(m[2] or m[4]))

            paths = [os.path.join(d, n) for d, _, names in os.walk(root) for n in names]
            videos = {{episode(os.path.basename(p)): p for p in paths if p.endswith((".mkv", ".mp4", ".avi"))}}
            for sub in sorted(p for p in paths if p.endswith(".srt")):
                video = videos.get(episode(os.path.basename(sub)))
                if video is None:
                    if delete:
                        os.remove(sub)
                    print("no video for", sub)
                    continue
                stem = os.path.splitext(video)[0]
                os.rename(sub, stem + ("." + tag if tag else "") + ".srt")
                print(sub, "->", stem + ".srt")
        """
        return solution(
            shell_step(f"find {params.folder} -type f | sort", "First I list the episodes and the subtitles.",
                       "List the files"),
            script_step(script, "I match each subtitle to its episode's video by the episode code and rename it.",
                        "Rename the subtitles"),
            shell_step(f"find {params.folder} -type f | sort", "Then I check the names.", "Check the folder"))
