"""The judge's table: the HTTP API and the page (``adjudicator serve``); see :mod:`adjudicator.web.app`."""
