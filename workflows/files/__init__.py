"""The files app (plugin `files`): a cluttered folder (photos, documents, downloads) and its
file-management workflows.

Importing it registers the tree handler, the tree check library (whose `tree` source walks the
folder as the run left it), the preparer and the workflows; its skills are `data/skills/files.jsonl`.
"""

from forge.checks import image as _image_checks, tree as _checks, tree_compare as _compare_checks  # noqa: F401
from forge.checks import tree_content_names as _content_names, tree_filtered as _filtered  # noqa: F401
from forge.checks import tree_gaps as _gaps, tree_groups as _groups, tree_index as _index  # noqa: F401
from forge.checks import tree_layout as _layout, tree_listed as _listed, tree_merge as _merge  # noqa: F401
from forge.checks import tree_moves as _moves, tree_pairs as _pairs, tree_parts as _parts  # noqa: F401
from forge.checks import tree_checklist as _checklist, tree_extract as _extract  # noqa: F401
from forge.checks import tree_duplicates as _duplicates, tree_name_edits as _name_edits  # noqa: F401
from forge.checks import tree_scaffold as _scaffold, tree_written_dates as _written_dates  # noqa: F401
from forge.checks import tree_folder_archives as _folder_archives  # noqa: F401
from forge.checks import tree_running_order as _running_order  # noqa: F401
from forge.checks import tree_size_split as _size_split, tree_subtitles as _subtitles  # noqa: F401
from forge.checks import tree_photos as _photo_checks, tree_picks as _picks, tree_portable as _portable  # noqa: F401
from forge.checks import tree_reports as _reports, tree_rules as _rules, tree_sequence as _sequence  # noqa: F401
from forge.checks import tree_split as _split, tree_sync as _sync, tree_text as _text_checks  # noqa: F401
from forge.checks import tree_tidy as _tidy, tree_unpack as _unpack, tree_versions as _versions  # noqa: F401
from preparers import files as _preparer  # noqa: F401
from preparers.filetypes import csv as _csv, image as _image, text as _text, tree as _tree  # noqa: F401
from workflows.files import (  # noqa: F401  (register on import)
    archive_files,
    archive_folders,
    archive_older,
    check_delivery,
    checksum_manifest,
    clean_up,
    collect_matching,
    compare_folders,
    copy_filtered,
    copy_picks,
    cull_pairs,
    dated_backup,
    dedupe_by_rule,
    duplicate_report,
    edit_names,
    extract_matching,
    find_mentions,
    fix_extensions,
    flatten_tree,
    folder_index,
    folder_usage,
    group_by_client,
    handle_listed,
    inventory,
    join_parts,
    large_files,
    latest_versions,
    match_subtitles,
    merge_folders,
    mirror_folder,
    normalise_names,
    number_by_list,
    organise_by_type,
    photo_dates,
    photo_index,
    portable_names,
    prune_backups,
    remove_duplicates,
    rename_by_content,
    rename_by_rule,
    rename_sequence,
    resize_image,
    scaffold_projects,
    sequence_gaps,
    sort_by_rule,
    sort_by_taken,
    sort_by_written_date,
    split_batches,
    split_by_size,
    split_file,
    text_endings,
    unpack_all,
    unpack_archive,
    usage_by_type,
    verify_checksums,
)

__all__ = ["archive_files", "archive_folders", "archive_older", "check_delivery", "checksum_manifest", "clean_up",
           "collect_matching", "compare_folders", "copy_filtered", "copy_picks", "cull_pairs", "dated_backup",
           "dedupe_by_rule", "duplicate_report", "edit_names", "extract_matching", "find_mentions", "fix_extensions",
           "flatten_tree", "folder_index", "folder_usage", "group_by_client", "handle_listed", "inventory",
           "join_parts", "large_files", "latest_versions", "match_subtitles", "merge_folders", "mirror_folder",
           "normalise_names", "number_by_list", "organise_by_type", "photo_dates", "photo_index", "portable_names",
           "prune_backups", "remove_duplicates", "rename_by_content", "rename_by_rule", "rename_sequence",
           "resize_image", "scaffold_projects", "sequence_gaps", "sort_by_rule", "sort_by_taken",
           "sort_by_written_date", "split_batches", "split_by_size", "split_file", "text_endings", "unpack_all",
           "unpack_archive", "usage_by_type", "verify_checksums"]
