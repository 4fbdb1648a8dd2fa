"""``Last-Modified`` on the API's match and board (issue 36, "where cheap"): the validator's
``updated_at``, read by the one query that gives the ETag. A poll is answered by the ETag only:
two changes within one second share a ``Last-Modified``, so ``If-Modified-Since`` alone gets
the whole answer."""

from __future__ import annotations

from django.utils.http import http_date

from scoring.models import Match


def test_the_match_and_its_board_carry_when_the_match_last_changed(client, knockout):
    match = Match.objects.filter(status="playing").first()
    response = client.get(f"/api/v1/matches/{match.pk}/")
    assert response.status_code == 200
    assert response["Last-Modified"] == http_date(match.updated_at.timestamp())
    board = client.get(f"/api/v1/matches/{match.pk}/games/1/boards/1/")
    assert board.status_code == 200
    assert board["Last-Modified"] == response["Last-Modified"]

    # the ETag answers a poll; a date alone never hides a change made within the same second
    assert (
        client.get(f"/api/v1/matches/{match.pk}/", HTTP_IF_NONE_MATCH=response["ETag"]).status_code
        == 304
    )
    since = client.get(
        f"/api/v1/matches/{match.pk}/", HTTP_IF_MODIFIED_SINCE=response["Last-Modified"]
    )
    assert since.status_code == 200 and since.content == response.content


def test_an_answer_without_a_validator_has_no_last_modified(client, knockout):
    response = client.get("/api/v1/tournaments/")
    assert response.status_code == 200 and "Last-Modified" not in response
