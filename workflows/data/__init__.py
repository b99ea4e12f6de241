"""The data app (plugin `data`): CSV records and nested JSON, and their workflows.

Importing it registers the json handler (csv comes with the spreadsheet formats), the json check
library, the preparer and the workflows; its skills are `data/skills/data.jsonl`.
"""

from forge.checks import json as _checks, json_dedupe as _json_dedupe, json_fields as _json_fields  # noqa: F401
from forge.checks import json_combine as _json_combine, json_feed_diff as _json_feed_diff  # noqa: F401
from forge.checks import json_groups as _json_groups, json_layers as _json_layers  # noqa: F401
from forge.checks import json_merge as _json_merge, json_nest as _json_nest  # noqa: F401
from forge.checks import json_records as _json_records, json_rekey as _json_rekey  # noqa: F401
from forge.checks import json_schema as _json_schema, json_sort as _json_sort, json_update as _json_update  # noqa: F401
from forge.checks import records as _records, table as _table, table_anonymise as _table_anonymise  # noqa: F401
from forge.checks import table_chunk as _table_chunk, table_files_summary as _table_files_summary  # noqa: F401
from forge.checks import table_fill as _table_fill, table_profile as _table_profile  # noqa: F401
from forge.checks import table_latest as _table_latest  # noqa: F401
from forge.checks import table_normalise as _table_normalise  # noqa: F401
from forge.checks import table_reconcile as _table_reconcile, table_settings_diff as _table_settings_diff  # noqa: F401
from forge.checks import table_split as _table_split, table_stack as _table_stack  # noqa: F401
from forge.checks import table_template as _table_template  # noqa: F401
from forge.checks import table_validation as _table_validation  # noqa: F401
from preparers import data as _preparer  # noqa: F401
from preparers.filetypes import csv as _csv, json as _json  # noqa: F401
from workflows.data import (  # noqa: F401  (register on import)
    csv_anonymise,
    csv_band_column,
    csv_chunk,
    csv_cleanup,
    csv_date_part,
    csv_dedupe,
    csv_derived_column,
    csv_files_summary,
    csv_fill_blanks,
    csv_filter,
    csv_group_totals,
    csv_join,
    csv_latest_per_key,
    csv_nest_json,
    csv_period_change,
    csv_pivot,
    csv_profile,
    csv_quarantine,
    csv_rank_column,
    csv_reconcile,
    csv_sort,
    csv_sort_two_keys,
    csv_split_by_value,
    csv_split_column,
    csv_stack,
    csv_to_json,
    csv_to_template,
    csv_top_rows,
    csv_unpivot,
    csv_validate,
    json_bulk_update,
    json_combine,
    json_config_diff,
    json_config_layers,
    json_dedupe,
    json_edit,
    json_feed_diff,
    json_filter,
    json_flatten,
    json_group_totals,
    json_map_fields,
    json_merge,
    json_rekey,
    json_schema_fix,
    json_sort,
    json_to_tables,
    status_counts,
)

__all__ = ["csv_anonymise", "csv_band_column", "csv_chunk", "csv_cleanup", "csv_date_part", "csv_dedupe",
           "csv_derived_column", "csv_files_summary", "csv_fill_blanks", "csv_filter", "csv_group_totals", "csv_join",
           "csv_latest_per_key", "csv_nest_json", "csv_period_change", "csv_pivot", "csv_profile", "csv_quarantine", "csv_rank_column",
           "csv_reconcile", "csv_sort", "csv_sort_two_keys", "csv_split_by_value",
           "csv_split_column", "csv_stack", "csv_to_json", "csv_to_template",
           "csv_top_rows", "csv_unpivot", "csv_validate", "json_bulk_update", "json_combine", "json_config_diff",
           "json_config_layers",
           "json_dedupe", "json_edit", "json_feed_diff", "json_filter", "json_flatten", "json_group_totals", "json_map_fields",
           "json_merge", "json_rekey", "json_schema_fix", "json_sort", "json_to_tables",
           "status_counts"]
