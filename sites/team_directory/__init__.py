"""The team directory: a list of members, each with an edit form (email, role, phone, active).

Its state is one JSON document, `{"team": ..., "members": [{name, email, role, phone, active}]}`;
saving a member's form rewrites that file atomically, so a check reads the site's own database.
"""

from __future__ import annotations

from sites import Site, program_of, register_site

TITLE = "Team directory"


@register_site
def team_directory() -> Site:
    return Site(name="team_directory", title=TITLE, program=program_of(__file__, "server.py"))
