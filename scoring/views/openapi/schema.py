"""The building blocks of the API's OpenAPI description: a reference to a component, a
nullable schema, an object with its required and optional fields, and the field types shared
by every resource."""

from __future__ import annotations

from typing import Any

from scoring.models import Event

OPENAPI_VERSION = "3.1.0"


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        return {"oneOf": [schema, {"type": "null"}]}
    kind = schema["type"]
    nullable = {**schema, "type": [*(kind if isinstance(kind, list) else [kind]), "null"]}
    if "enum" in schema:
        nullable["enum"] = [*schema["enum"], None]
    return nullable


def object_schema(
    description: str, required: dict[str, Any], optional: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": {**required, **(optional or {})},
        "required": list(required),
    }


INT = {"type": "integer"}
STR = {"type": "string"}
BOOL = {"type": "boolean"}
NUMBER = {"type": "number"}
URL = {"type": "string", "format": "uri"}
DATE = {"type": "string", "format": "date"}
TIME = {"type": "string", "format": "date-time"}
ID_LIST = {"type": "array", "items": nullable(INT)}
KINDS = {"type": "string", "enum": [k.value for k in Event.Kind]}
FORMATS = {"type": "string", "enum": [f.value for f in Event.Format]}
EVENT_STATUS = {"type": "string", "enum": [s.value for s in Event.Status]}
MATCH_STATUS = {
    "type": "string",
    "enum": ["scheduled", "playing", "finished"],
    "description": "The three public states of a match.",
}
