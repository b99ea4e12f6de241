"""Mutators for any file type: the output missing, under the wrong name, or the input unchanged."""

from __future__ import annotations

from pathlib import PurePosixPath

from gates.mutations.spec import ANY_TYPE, MutantFiles, MutationInput, register_mutator


@register_mutator("missing_output", file_types={ANY_TYPE})
def missing_output(probe: MutationInput) -> MutantFiles | None:
    """The agent never saved its first declared output."""
    first = probe.bundle.outputs()[0].path
    return {**{p: d for p, d in probe.oracle_outputs.items() if p != first}, first: None}


@register_mutator("wrong_file", file_types={ANY_TYPE})
def wrong_file(probe: MutationInput) -> MutantFiles | None:
    """The right content saved under another name than the one asked for."""
    first = probe.bundle.outputs()[0].path
    path = PurePosixPath(first)
    elsewhere = str(path.with_name(f"{path.stem}_final{path.suffix}"))
    return {**probe.oracle_outputs, first: None, elsewhere: probe.oracle_outputs[first]}


@register_mutator("input_as_output", file_types={ANY_TYPE})
def input_as_output(probe: MutationInput) -> MutantFiles | None:
    """The input copied to the output path unchanged: looks done, changes nothing."""
    output = probe.bundle.outputs()[0]
    source = probe.input_of_type(output.type)
    if source is None:
        return None
    return {**probe.oracle_outputs, output.path: probe.inputs[source]}
