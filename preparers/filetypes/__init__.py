"""Built-in file-type handlers, one module per type, each registering on import (see
`forge/filetypes/spec.py`): xlsx (mutators in `xlsx_mutators`), csv, docx and pptx (`office`),
pdf, and txt/md/json/py (`text`). Nothing is imported here: each app's plugin imports the
handlers it uses, so one broken handler cannot stop the others loading.
"""
