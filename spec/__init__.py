"""The rules, as data: installed as the package ``adjudicator.spec`` (see setup.py).

Nothing here is code. The YAML files beside this one are the spec; the tool
finds this folder through the package (``adjudicator.core.resources``).
"""
