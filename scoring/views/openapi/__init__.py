"""The API's OpenAPI 3.1 description (issue 35), written beside the API
(:mod:`scoring.views.api`) and served and rendered by :mod:`scoring.views.api_description`:

- ``schema``: the building blocks (a reference, a nullable schema, an object) and field types;
- ``matches``, ``events``, ``seasons``: the components' schemas of each area;
- ``document``: the routes and the whole document, :func:`description`.
"""

from __future__ import annotations

from scoring.views.openapi.document import PARAMETERS, ROUTES, description
from scoring.views.openapi.schema import OPENAPI_VERSION

__all__ = ["OPENAPI_VERSION", "PARAMETERS", "ROUTES", "description"]
