"""Boundary cases of `text.subtitles_fixed`: four SubRip cues numbered 1, 2, 3, 5 (a gap), a
sound-only cue, a line opening with `(laughs)`, and cue 2 running 200 ms into cue 3.

Times compare to the millisecond: a shift 100 ms short, the LAST cue left unshifted, a cue shifted
that should stay, a SubRip timing with a dot, a WebVTT file without its header or with commas, a
cue kept that is only a sound, numbering that keeps the old gap, and an extra cue all fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

CUES = [(1, "00:00:01,000", "00:00:03,000", ["Hello there."]), (2, "00:00:03,500", "00:00:05,200", ["[MUSIC]"]),
        (3, "00:00:05,000", "00:00:07,000", ["(laughs) Welcome back.", "Let's start."]),
        (5, "00:00:08,000", "00:00:10,000", ["See you next time."])]


def srt(cues: list[tuple[Any, str, str, list[str]]], vtt: bool = False) -> str:
    head = "WEBVTT\n\n" if vtt else ""
    return head + "\n".join(f"{n}\n{s} --> {e}\n" + "\n".join(t) + "\n" if n is not None else f"{s} --> {e}\n"
                            + "\n".join(t) + "\n" for n, s, e, t in cues)


def case(label: str, text: str, options: dict[str, Any], passes: bool, says: str = "", out: str = "out.srt") -> Case:
    return Case(label, None, {"file": out, "input_file": "talk.srt", **options}, passes, says,
                files={out: text.encode()}, originals={"talk.srt": srt(CUES).encode()})


LATER = {"operation": "shift", "seconds": 1.5, "later": True}
SHIFTED = [(1, "00:00:02,500", "00:00:04,500", CUES[0][3]), (2, "00:00:05,000", "00:00:06,700", CUES[1][3]),
           (3, "00:00:06,500", "00:00:08,500", CUES[2][3]), (5, "00:00:09,500", "00:00:11,500", CUES[3][3])]
FROM = {"operation": "shift_from", "seconds": 0.5, "later": False, "from_cue": 3}
FROM_DONE = [*CUES[:2], (3, "00:00:04,500", "00:00:06,500", CUES[2][3]), (5, "00:00:07,500", "00:00:09,500",
                                                                          CUES[3][3])]
STRIPPED = [(1, *CUES[0][1:]), (2, "00:00:05,000", "00:00:07,000", ["Welcome back.", "Let's start."]),
            (3, "00:00:08,000", "00:00:10,000", CUES[3][3])]
VTT = {"operation": "to_vtt"}


def vtt(cues: list[tuple[Any, str, str, list[str]]]) -> list[tuple[Any, str, str, list[str]]]:
    return [(n, s.replace(",", "."), e.replace(",", "."), t) for n, s, e, t in cues]


CASES: dict[str, list[Case]] = {
    "text.subtitles_fixed": [
        case("every cue 1.5 s later", srt(SHIFTED), LATER, True),
        case("the last cue left where it was", srt([*SHIFTED[:3], CUES[3]]), LATER, False,
             "cue 5 of out.srt (line 14) runs 00:00:08,000 --> 00:00:10,000, expected 00:00:09,500 --> 00:00:11,500"),
        case("shifted 100 ms short", srt([(1, "00:00:02,400", "00:00:04,400", CUES[0][3]), *SHIFTED[1:]]), LATER,
             False, "cue 1 of out.srt (line 1) runs 00:00:02,400"),
        case("only the starts shifted", srt([(n, s, e0, t) for (n, s, _, t), (_, _, e0, _) in zip(SHIFTED, CUES)]),
             LATER, False, "cue 1 of out.srt (line 1) runs 00:00:02,500 --> 00:00:03,000"),
        case("a SubRip timing written with a dot", srt([(1, "00:00:02.500", "00:00:04.500", CUES[0][3]),
                                                        *SHIFTED[1:]]), LATER, False,
             "the cue at line 1 of out.srt does not read"),
        case("every cue 0.5 s earlier", srt([(1, "00:00:00,500", "00:00:02,500", CUES[0][3]),
                                             (2, "00:00:03,000", "00:00:04,700", CUES[1][3]), *FROM_DONE[2:]]),
             {"operation": "shift", "seconds": 0.5, "later": False}, True),
        case("cues 3 on 0.5 s earlier", srt(FROM_DONE), FROM, True),
        case("cue 2 shifted as well", srt([CUES[0], (2, "00:00:03,000", "00:00:04,700", CUES[1][3]), *FROM_DONE[2:]]),
             FROM, False, "cue 2 of out.srt (line 5) runs 00:00:03,000 --> 00:00:04,700, expected 00:00:03,500"),
        case("renumbered 1 to 4", srt([(k, *c[1:]) for k, c in enumerate(CUES, start=1)]), {"operation": "renumber"},
             True),
        case("renumbered but the last kept at 5", srt([(k, *c[1:]) for k, c in enumerate(CUES[:3], start=1)]
                                                      + [CUES[3]]), {"operation": "renumber"}, False,
             "cue 5 of out.srt (line 14) is numbered 5, expected 4"),
        case("sounds stripped, the sound cue dropped, renumbered", srt(STRIPPED), {"operation": "strip_sounds"}, True),
        case("the sound-only cue kept", srt([STRIPPED[0], (2, *CUES[1][1:]), *[(n + 1, *c) for n, *c in
                                                                                 STRIPPED[1:]]]),
             {"operation": "strip_sounds"}, False, "cue 2 of out.srt (line 5) runs 00:00:03,500"),
        case("stripped but numbered 1, 3, 5", srt([STRIPPED[0], (3, *STRIPPED[1][1:]), (5, *STRIPPED[2][1:])]),
             {"operation": "strip_sounds"}, False, "cue 3 of out.srt (line 5) is numbered 3, expected 2"),
        case("(laughs) left in", srt([*STRIPPED[:1], (2, *STRIPPED[1][1:3], CUES[2][3]), STRIPPED[2]]),
             {"operation": "strip_sounds"}, False, 'cue 2 of out.srt (line 5) says "(laughs) Welcome back.'),
        case("cue 2 ends where cue 3 starts", srt([CUES[0], (2, "00:00:03,500", "00:00:05,000", CUES[1][3]),
                                                  *CUES[2:]]), {"operation": "overlaps"}, True),
        case("cue 3 moved instead", srt([*CUES[:2], (3, "00:00:05,200", "00:00:07,000", CUES[2][3]), CUES[3]]),
             {"operation": "overlaps"}, False, "cue 2 of out.srt (line 5) runs 00:00:03,500 --> 00:00:05,200"),
        case("WebVTT with the cue numbers as identifiers", srt(vtt(CUES), vtt=True), VTT, True, out="out.vtt"),
        case("WebVTT without identifiers", srt([(None, *c[1:]) for c in vtt(CUES)], vtt=True), VTT, True,
             out="out.vtt"),
        case("WebVTT without its header", srt(vtt(CUES)), VTT, False, "does not start with the WEBVTT header",
             out="out.vtt"),
        case("WebVTT keeping SubRip's commas", srt(CUES, vtt=True), VTT, False, "the cue at line 3 of out.vtt does "
             "not read", out="out.vtt"),
        case("WebVTT with the last cue's text changed", srt([*vtt(CUES)[:3], (5, "00:00:08.000", "00:00:10.000",
                                                                              ["See you soon."])], vtt=True), VTT,
             False, "cue 5 of out.vtt (line 16) says 'See you soon.'", out="out.vtt"),
        case("an extra cue at the end", srt([*SHIFTED, (6, "00:00:12,000", "00:00:13,000", ["Bye."])]), LATER, False,
             "has 5 cues, expected 4 (extra: cue 6 of out.srt (line 18))"),
    ],
}
