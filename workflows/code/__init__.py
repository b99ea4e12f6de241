"""The code app (plugin `code`): small Python packages with their tests, and their workflows.

Importing it registers the py and project handlers, the project check library (whose `project`
source runs a project's tests in a sandbox), the preparer and the workflows; its skills are
`data/skills/code.jsonl`.
"""

from forge.checks import project as _checks, project_edits as _edits, project_probes as _probes  # noqa: F401
from forge.checks import project_cli as _cli, project_io as _io  # noqa: F401
from forge.checks import project_packaging as _packaging  # noqa: F401
from forge.checks import project_refactor as _refactor  # noqa: F401
from forge.checks import project_api as _api  # noqa: F401
from forge.checks import project_errors as _errors, project_signature as _signature  # noqa: F401
from forge.checks import project_logging as _logging, project_types as _types  # noqa: F401
from forge.checks import project_parametrize as _parametrize, project_params as _params  # noqa: F401
from forge.checks import project_env as _env, project_main as _main  # noqa: F401
from forge.checks import project_dead_code as _dead_code, project_expected as _expected  # noqa: F401
from forge.checks import project_files_io as _files_io, project_retry as _retry  # noqa: F401
from forge.checks import project_export as _export, project_rename_param as _rename_param  # noqa: F401
from forge.checks import project_context as _context, project_enum as _enum  # noqa: F401
from forge.checks import project_fixtures as _fixtures, project_fstrings as _fstrings  # noqa: F401
from forge.checks import project_properties as _properties, project_records as _records  # noqa: F401
from forge.checks import project_loops as _loops, project_split as _split  # noqa: F401
from forge.checks import project_dunders as _dunders, project_serialise as _serialise  # noqa: F401
from forge.checks import project_dict_idioms as _dict_idioms  # noqa: F401
from forge.checks import project_defaults as _defaults, project_generators as _generators  # noqa: F401
from preparers import code as _preparer  # noqa: F401
from preparers.filetypes import project as _project  # noqa: F401
from workflows.code import (  # noqa: F401  (register on import)
    add_caching,
    add_cli_option,
    add_docstrings,
    add_doctests,
    add_dunders,
    add_export,
    add_function,
    add_logging,
    add_retry,
    add_serialisation,
    add_tests,
    add_type_hints,
    add_validation,
    argument_types,
    close_files,
    constant_parameter,
    context_manager,
    custom_exception,
    declare_exports,
    deprecate_function,
    env_overrides,
    extract_function,
    fix_bug,
    fix_reported_bug,
    keyword_only,
    main_guard,
    missing_file,
    move_function,
    mutable_default,
    name_constant,
    parametrize_tests,
    print_to_logging,
    pyproject_edit,
    regression_test,
    remove_dead_code,
    rename_function,
    rename_module,
    rename_parameter,
    shared_fixture,
    split_module,
    tests_after_change,
    use_comprehensions,
    use_dataclass,
    use_dict_idioms,
    use_enum,
    use_fstrings,
    use_generator,
    use_pathlib,
    use_property,
)

__all__ = ["add_caching", "add_cli_option", "add_docstrings", "add_doctests", "add_dunders", "add_export", "add_function", "add_logging", "add_retry",
           "add_serialisation", "add_tests", "add_type_hints", "add_validation", "argument_types", "close_files", "constant_parameter", "context_manager", "custom_exception", "declare_exports",
           "deprecate_function", "env_overrides", "extract_function", "fix_bug", "fix_reported_bug", "keyword_only",
           "missing_file", "move_function", "mutable_default", "name_constant", "parametrize_tests", "print_to_logging", "pyproject_edit",
           "regression_test", "remove_dead_code", "rename_function", "rename_module", "rename_parameter", "shared_fixture", "split_module", "tests_after_change",
           "use_comprehensions", "use_dataclass", "use_dict_idioms", "use_enum", "use_fstrings", "use_generator", "use_pathlib", "use_property"]
