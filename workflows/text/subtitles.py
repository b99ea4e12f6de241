"""Fix a webinar's SubRip subtitles by hand, as people do when captions drift or a video is re-cut:
shift every cue later or earlier, shift only the cues after a cut or an inserted clip, renumber cues
left with gaps, strip sound descriptions for a plain version, end overlapping cues where the next
begins, or convert the file to WebVTT for a web player."""

from __future__ import annotations

import textwrap

from forge.checks.text_subtitles import Operation
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._subtitles import Subtitles

_WHY = ("{% if operation == 'shift' %}the subtitles appear {{ seconds }} seconds {% if later %}before{% else %}after"
        "{% endif %} the speech all the way through{% elif operation == 'shift_from' %}{% if later %}we put a "
        "{{ seconds }}-second sponsor clip in the video just before cue {{ from_cue }}{% else %}we cut a "
        "{{ seconds }}-second stretch out of the video just before cue {{ from_cue }}{% endif %}{% elif operation "
        "== 'renumber' %}we deleted some cues and the numbering now has gaps and a repeat{% elif operation == "
        "'strip_sounds' %}we need a plain version without the sound descriptions{% elif operation == 'overlaps' %}"
        "the player shows two cues at once in a few places{% else %}the web player only takes WebVTT{% endif %}")
_ASK = ("{% if operation == 'shift' %}shift every cue's start and end {{ seconds }} seconds {% if later %}later"
        "{% else %}earlier{% endif %}{% elif operation == 'shift_from' %}shift the start and end of cue "
        "{{ from_cue }} and every cue after it {{ seconds }} seconds {% if later %}later{% else %}earlier{% endif %}, "
        "leaving the cues before it as they are{% elif operation == 'renumber' %}renumber the cues 1, 2, 3 and so "
        "on in the order they appear, timings and text unchanged{% elif operation == 'strip_sounds' %}remove every "
        "sound description in square brackets or parentheses, drop any cue left with no text, and renumber the "
        "cues 1, 2, 3 in order{% elif operation == 'overlaps' %}wherever a cue ends after the next cue starts, make "
        "it end exactly when the next one starts, and change nothing else{% else %}convert it to a WebVTT file "
        "{{ output }} with the same cues, timings and text{% endif %}")
FIXES = {  # on `cues` [[number, start ms, end ms, [lines]]] in the oracle's script
    "shift": "for c in cues:\n    c[1] += DELTA\n    c[2] += DELTA",
    "shift_from": "for c in cues:\n    if c[0] >= FROM:\n        c[1] += DELTA\n        c[2] += DELTA",
    "renumber": "for k, c in enumerate(cues, start=1):\n    c[0] = k",
    "strip_sounds": "for c in cues:\n    c[3] = [re.sub(r'\\s{2,}', ' ', re.sub(r'\\[[^\\]]*\\]|\\([^)]*\\)', '', l))"
                    ".strip() for l in c[3]]\n    c[3] = [l for l in c[3] if l]\ncues = [c for c in cues if c[3]]\n"
                    "for k, c in enumerate(cues, start=1):\n    c[0] = k",
    "overlaps": "for c, nxt in zip(cues, cues[1:]):\n    c[2] = min(c[2], nxt[1])",
    "to_vtt": "",
}


class Options(SkillParams):
    operation: Operation | None = None
    later: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    operation: Operation
    seconds: float | None
    later: bool
    from_cue: int | None


@register_workflow
class SubtitlesFix(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.subtitles", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} holds the English subtitles (SubRip) of our recorded webinar, and " + _WHY + ". Please "
            + _ASK + ". Keep every cue's text exactly as it is unless told otherwise. {% if operation != 'to_vtt' %}"
            + SAVE["formal"] + "{% endif %}",
            "Quick subtitle fix for {{ input }}: " + _WHY + ". Could you " + _ASK + "? {% if operation != 'to_vtt' %}"
            + SAVE["chatty"] + "{% endif %}",
            "{{ input }}: " + _ASK + ". {% if operation != 'to_vtt' %}" + SAVE["terse"] + "{% endif %}",
        ],
        criteria=["Every cue's number, start, end and text are as the fix asks, to the millisecond.",
                  "No cue is lost or added beyond what the fix asks; the file still reads as SubRip (or WebVTT)."],
        files=[FileSlot(param="input", type="txt", role="input", description="SubRip subtitles"),
               FileSlot(param="output", type="txt", description="The fixed subtitles")],
        checks=[CheckTemplate(func="text.subtitles_fixed", bind={"operation": "operation", "seconds": "seconds",
                                                                 "later": "later", "from_cue": "from_cue"})],
    )
    states_values = ("seconds", "from_cue")

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        operation: Operation = opts.operation or rng.choice(["shift", "shift_from", "renumber", "strip_sounds",
                                                             "overlaps", "to_vtt"])
        subs = Subtitles(rng, ctx.faker, operation)
        later = opts.later if opts.later is not None else rng.random() < 0.5
        seconds = from_cue = None
        if operation == "shift":  # earlier: never before the video starts
            seconds = rng.choice([0.8, 1.5, 2.5, 3.2, 4.5]) if later else round(
                rng.uniform(0.5, subs.first_start / 1000 - 0.1), 1)
        elif operation == "shift_from":  # a cut stretch was a gap before the cue (so no cue overlaps after)
            seconds, from_cue = rng.choice([2.5, 4.2, 6.5, 8.4, 12.5]), rng.randint(5, len(subs.cues) - 3)
            if not later:
                subs.open_gap(from_cue, round(seconds * 1000) + rng.randint(200, 900))
        stem = rng.choice(["webinar_en", "product_demo.en", "session_recording"])
        paths = edit_paths(ctx, stem, "srt", "fixed", ["", "subtitles/", "video/"])
        if operation == "to_vtt":
            paths |= {"output": paths["input"][:-4] + ".vtt", "in_place": False}
        params = Params(**paths, operation=operation, seconds=seconds, later=later, from_cue=from_cue)
        return params.with_files(input=subs.text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        fix = textwrap.indent(FIXES[params.operation], " " * 12).lstrip()
        delta = round((params.seconds or 0) * 1000) * (1 if params.later else -1)
        vtt = params.operation == "to_vtt"
        script = f"""
            import re
            DELTA, FROM, VTT = {delta}, {lit(params.from_cue)}, {vtt}
            def ms(t):
                h, m, s, f = map(int, re.split(r'[:,]', t))
                return ((h * 60 + m) * 60 + s) * 1000 + f
            def stamp(v):
                sep = '.' if VTT else ','
                return f"{{v // 3600000:02d}}:{{v // 60000 % 60:02d}}:{{v // 1000 % 60:02d}}{{sep}}{{v % 1000:03d}}"
            cues = []
            for block in open({lit(params.input)}, encoding="utf-8").read().strip().split("\\n\\n"):
                lines = block.strip().splitlines()
                start, end = lines[1].split(" --> ")
                cues.append([int(lines[0]), ms(start), ms(end), lines[2:]])
            {fix}
            blocks = [f"{{c[0]}}\\n{{stamp(c[1])}} --> {{stamp(c[2])}}\\n" + "\\n".join(c[3]) for c in cues]
            text = ("WEBVTT\\n\\n" if VTT else "") + "\\n\\n".join(blocks) + "\\n"
            open({lit(params.output)}, "w", encoding="utf-8").write(text)
            print(text[:1500])
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:2000])",
                                    f"First I look at {params.input}: numbered cues, each a timing line "
                                    "(HH:MM:SS,mmm --> HH:MM:SS,mmm) and its text.", f"Show {params.input}"),
                        script_step(script, "I read every cue into number, start and end in milliseconds and "
                                    "text, make the fix on them, and write the cues back in the format asked.",
                                    f"Write {params.output}"))
