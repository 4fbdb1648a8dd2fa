"""Every fixed text printed on the sheets, in English, German, French and Italian, in one place.

The sheet's language follows the organiser's choice (``data.language``), not the request's
locale, so these labels live here instead of in gettext catalogues. Placeholders use
``str.format`` names. Carrom terms follow each federation's usage (docs/GLOSSARY.md): the DCV's
German (Anstoß, Dame, Board, Spiel), the French rule texts' (casse, reine, board, partie) and the
FIC's Italian (spaccata, regina, board, game).
"""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "en": {
        # scoresheet header
        "scoresheet": "Scoresheet",
        "score_cards": "Score cards",
        "blank_sheet": "for scoring on paper",
        "tournament": "Tournament",
        "event": "Event",
        "round": "Round",
        "match": "Match no.",
        "table": "Table",
        "date": "Date",
        "umpire": "Umpire",
        "start_time": "Start",
        "end_time": "End",
        "seating": "Seating",
        "seating_hint": "partners opposite, play passes to the right (ICF 78)",
        "singles": "Singles",
        "doubles": "Doubles",
        "side_a": "A",
        "side_b": "B",
        "seat": "Seat",
        "toss": "Toss",
        "toss_won_by": "won by",
        "choice": "choice",
        "choice_break": "Break",
        "choice_side": "Side",
        "qr_caption": "Scan to follow this match live",
        # game table
        "game": "Game {n}",
        "game3_hint": "only if games are 1 : 1",
        "not_played": "not played",
        "side_change_60a": "Side change after board 4 or at 13 points (ICF 60a)",
        "side_change_60b": "Side change at 13 points (ICF 60b)",
        "col_total": "Total",
        "col_points": "Pts",
        "col_extra": "+Ex",
        "col_cm": "C/m",
        "col_queen": "Q",
        "col_break": "Brk",
        "col_board": "Board",
        "col_remarks": "Remarks",
        "final": "Final",
        "extra_board": "Extra board",
        "side_change": "Side change",
        "void": "Void, replayed",
        "withdrawn": "Withdrawn by decision ({law})",
        "game_won_by": "won by {name}",
        "legend": (
            "Brk ● = broke (white) · Q ✓ = Queen covered and counted, ○ = covered, not"
            " counted · C/m = opponent's carrommen left · +Ex = claimed extra points"
            " (included in Pts) · Total = running game score"
        ),
        # match result and signatures
        "match_result": "Match result in games",
        "match_won_by": "Winner",
        "walkover": "Walkover",
        "walkover_absent": "Walkover: {name} absent",
        "draw": "Draw",
        "draw_time_up": "Draw: time up",
        "time_up": "time up",
        "signature": "Signature",
        "signatures": "Signatures",
        "signature_umpire": "Umpire",
        "page": "Page {page} of {pages}",
        "continued": "continued",
        "rules": "Rules",
        # bracket
        "bracket": "Bracket",
        "section_main": "Knock-out",
        "section_winners": "Winners bracket",
        "section_losers": "Losers bracket",
        "section_final": "Grand final",
        "bye": "bye",
        # standings
        "standings": "Standings",
        "group": "Group {name}",
        "rank": "#",
        "name": "Name",
        "wins": "Wins",
        "losses": "Losses",
        "played": "Matches",
        "game_points": "Game pts",
        "games_won": "Games",
        "buchholz": "Buchholz",
        "median_buchholz": "Median BH",
        "sonneborn_berger": "SB",
        "net_points": "Net pts",
        "points_for": "Pts for",
        "points_against": "Pts against",
        "queens": "Queens",
        "rating": "Rating",
        # round lists
        "pairings": "Pairings",
        "callup_list": "Call-up list",
        "players_index": "Players",
        "col_match": "Match",
        "col_table": "Table",
        "col_side_a": "Side A",
        "col_side_b": "Side B",
        "col_club": "Club",
        "col_umpire": "Umpire",
        "col_called": "Called",
        "col_present": "Present",
        "col_player": "Player",
        "col_opponent": "Opponent",
        "callup_hint": "Tick a match when it is called and each side when it is at its table.",
        "vs": "vs",
        # point carrom's three-player sheet (point_labels): its own words, "point_" + key
        "point_title": "Scoresheet – point carrom (three players)",
        "point_players": "Players in turn order",
        "point_first_breaker": "breaks board 1 (drawn by lot)",
        "point_col_white": "W",
        "point_col_black": "B",
        "point_end_carrommen": "all carrommen pocketed",
        "point_end_game_points": "{name} reached {cap}",
        "point_end_board_loss": "board lost by {name}",
        "point_end_umpire_ruling": "umpire ruling",
        "point_end_void": "void, replayed",
        "point_in_progress": "in progress",
        "point_legend": (
            "W = white carrommen (2 points each) · B = black carrommen (1 point each) · Q ✓ ="
            " queen covered (5) · Pts = points of the board · Total = running game score,"
            " capped at {cap} · the queen only after a carromman pocketed in an earlier"
            " stroke (ICF 92, 95(a))"
        ),
        "point_game_end": "Game ended",
        "point_game_end_points": "at {cap} points in board {board}",
        "point_game_end_boards": "after board {board}",
        "point_final_score": "Final score",
        "point_rules_note": (
            "First to {cap} points ends the game at once, or the most points after {limit}"
            " boards; a tie at the top plays an extra board."
        ),
        # table labels
        "table_label_caption": "Scan for this table's current match",
    },
    "de": {
        "scoresheet": "Spielbericht",
        "score_cards": "Spielberichtskarten",
        "blank_sheet": "zum Werten auf Papier",
        "tournament": "Turnier",
        "event": "Wettbewerb",
        "round": "Runde",
        "match": "Match-Nr.",
        "table": "Tisch",
        "date": "Datum",
        "umpire": "Schiedsrichter",
        "start_time": "Beginn",
        "end_time": "Ende",
        "seating": "Sitzordnung",
        "seating_hint": "Partner gegenüber, gespielt wird nach rechts (ICF 78)",
        "singles": "Einzel",
        "doubles": "Doppel",
        "side_a": "A",
        "side_b": "B",
        "seat": "Platz",
        "toss": "Auslosung",
        "toss_won_by": "gewonnen von",
        "choice": "Wahl",
        "choice_break": "Anstoß",
        "choice_side": "Seite",
        "qr_caption": "Scannen: dieses Match live verfolgen",
        "game": "Spiel {n}",
        "game3_hint": "nur bei Spielstand 1 : 1",
        "not_played": "nicht gespielt",
        "side_change_60a": "Seitenwechsel nach Board 4 oder bei 13 Punkten (ICF 60a)",
        "side_change_60b": "Seitenwechsel bei 13 Punkten (ICF 60b)",
        "col_total": "Stand",
        "col_points": "Pkt.",
        "col_extra": "+Zus",
        "col_cm": "Steine",
        "col_queen": "D",
        "col_break": "Anst.",
        "col_board": "Board",
        "col_remarks": "Bemerkungen",
        "final": "Ende",
        "extra_board": "Zusatzboard",
        "side_change": "Seitenwechsel",
        "void": "Ungültig, wiederholt",
        "withdrawn": "Aberkannt durch Entscheidung ({law})",
        "game_won_by": "gewonnen von {name}",
        "legend": (
            "Anst. ● = hat angestoßen (Weiß) · D ✓ = Dame abgedeckt und gewertet, ○ ="
            " abgedeckt, nicht gewertet · Steine = verbliebene Steine des Gegners · +Zus ="
            " geforderte Zusatzpunkte (in Pkt. enthalten) · Stand = laufender Spielstand"
        ),
        "match_result": "Matchergebnis in Spielen",
        "match_won_by": "Sieger",
        "walkover": "kampflos",
        "walkover_absent": "kampflos: {name} nicht angetreten",
        "draw": "Unentschieden",
        "draw_time_up": "Unentschieden: Zeit abgelaufen",
        "time_up": "Zeit abgelaufen",
        "signature": "Unterschrift",
        "signatures": "Unterschriften",
        "signature_umpire": "Schiedsrichter",
        "page": "Seite {page} von {pages}",
        "continued": "Fortsetzung",
        "rules": "Regeln",
        "bracket": "Turnierbaum",
        "section_main": "K.-o.-Runde",
        "section_winners": "Gewinnerrunde",
        "section_losers": "Verliererrunde",
        "section_final": "Finale",
        "bye": "Freilos",
        "standings": "Tabelle",
        "group": "Gruppe {name}",
        "rank": "Pl.",
        "name": "Name",
        "wins": "Siege",
        "losses": "Niederl.",
        "played": "Matches",
        "game_points": "Spielpkt.",
        "games_won": "Spiele",
        "buchholz": "Buchholz",
        "median_buchholz": "Median-BH",
        "sonneborn_berger": "SB",
        "net_points": "Punktdiff.",
        "points_for": "Pkt. für",
        "points_against": "Pkt. gegen",
        "queens": "Damen",
        "rating": "Wertung",
        "pairings": "Paarungen",
        "callup_list": "Aufrufliste",
        "players_index": "Spieler",
        "col_match": "Match",
        "col_table": "Tisch",
        "col_side_a": "Seite A",
        "col_side_b": "Seite B",
        "col_club": "Verein",
        "col_umpire": "Schiedsrichter",
        "col_called": "Aufgerufen",
        "col_present": "Anwesend",
        "col_player": "Spieler",
        "col_opponent": "Gegner",
        "callup_hint": ("Abhaken, wenn das Match aufgerufen ist und jede Seite an ihrem Tisch"
                        " sitzt."),
        "vs": "gegen",
        "point_title": "Spielbericht – Punkte-Carrom (drei Spieler)",
        "point_players": "Spieler in Zugreihenfolge",
        "point_first_breaker": "stößt Board 1 an (ausgelost)",
        "point_col_white": "W",
        "point_col_black": "S",
        "point_end_carrommen": "alle Steine versenkt",
        "point_end_game_points": "{name} erreicht {cap}",
        "point_end_board_loss": "Board verloren: {name}",
        "point_end_umpire_ruling": "Schiedsrichterentscheid",
        "point_end_void": "ungültig, wiederholt",
        "point_in_progress": "läuft",
        "point_legend": (
            "W = weiße Steine (je 2 Punkte) · S = schwarze Steine (je 1 Punkt) · D ✓ = Dame"
            " gedeckt (5) · Pkt. = Punkte des Boards · Stand = laufender Spielstand, höchstens"
            " {cap} · die Dame erst nach einem in einem früheren Stoß versenkten Stein"
            " (ICF 92, 95(a))"
        ),
        "point_game_end": "Spielende",
        "point_game_end_points": "bei {cap} Punkten in Board {board}",
        "point_game_end_boards": "nach Board {board}",
        "point_final_score": "Endstand",
        "point_rules_note": (
            "Wer zuerst {cap} Punkte erreicht, beendet das Spiel sofort; sonst gewinnt nach"
            " {limit} Boards, wer die meisten Punkte hat; bei Gleichstand an der Spitze folgt"
            " ein Zusatzboard."
        ),
        "table_label_caption": "Scannen für das aktuelle Match an diesem Tisch",
    },
    "fr": {
        # scoresheet header
        "scoresheet": "Feuille de match",
        "score_cards": "Cartes de score",
        "blank_sheet": "pour marquer sur papier",
        "tournament": "Tournoi",
        "event": "Épreuve",
        "round": "Tour",
        "match": "Match n°",
        "table": "Table",
        "date": "Date",
        "umpire": "Arbitre",
        "start_time": "Début",
        "end_time": "Fin",
        "seating": "Placement",
        "seating_hint": "partenaires face à face, le jeu passe vers la droite (ICF 78)",
        "singles": "Simple",
        "doubles": "Double",
        "side_a": "A",
        "side_b": "B",
        "seat": "Place",
        "toss": "Tirage au sort",
        "toss_won_by": "gagné par",
        "choice": "choix",
        "choice_break": "Casse",
        "choice_side": "Côté",
        "qr_caption": "Scannez pour suivre ce match en direct",
        # game table
        "game": "Partie {n}",
        "game3_hint": "seulement à 1 : 1 en parties",
        "not_played": "non jouée",
        "side_change_60a": "Changement de côté après le board 4 ou à 13 points (ICF 60a)",
        "side_change_60b": "Changement de côté à 13 points (ICF 60b)",
        "col_total": "Total",
        "col_points": "Pts",
        "col_extra": "+Sup",
        "col_cm": "Pions",
        "col_queen": "R",
        "col_break": "Cas",
        "col_board": "Board",
        "col_remarks": "Remarques",
        "final": "Final",
        "extra_board": "Board supplémentaire",
        "side_change": "Changement de côté",
        "void": "Annulé, rejoué",
        "rules": "Règles",
        "withdrawn": "Retiré par décision ({law})",
        "walkover_absent": "Forfait : {name} absent",
        "draw_time_up": "Match nul : temps écoulé",
        "time_up": "temps écoulé",
        "game_won_by": "gagnée par {name}",
        "legend": (
            "Cas ● = a cassé (blancs) · R ✓ = reine confirmée et comptée, ○ = confirmée, non"
            " comptée · Pions = pions restants de l'adversaire · +Sup = points supplémentaires"
            " réclamés (compris dans Pts) · Total = score cumulé de la partie"
        ),
        # match result and signatures
        "match_result": "Résultat du match en parties",
        "match_won_by": "Vainqueur",
        "walkover": "Forfait",
        "draw": "Nul",
        "signature": "Signature",
        "signatures": "Signatures",
        "signature_umpire": "Arbitre",
        "page": "Page {page} sur {pages}",
        "continued": "suite",
        # bracket
        "bracket": "Tableau",
        "section_main": "Élimination directe",
        "section_winners": "Tableau des gagnants",
        "section_losers": "Tableau des perdants",
        "section_final": "Grande finale",
        "bye": "exempt",
        # standings
        "standings": "Classement",
        "group": "Poule {name}",
        "rank": "#",
        "name": "Nom",
        "wins": "Victoires",
        "losses": "Défaites",
        "played": "Matchs",
        "game_points": "Pts partie",
        "games_won": "Parties",
        "buchholz": "Buchholz",
        "median_buchholz": "BH médian",
        "sonneborn_berger": "SB",
        "net_points": "Pts nets",
        "points_for": "Pts pour",
        "points_against": "Pts contre",
        "queens": "Reines",
        "rating": "Classement",
        # round lists
        "pairings": "Appariements",
        "callup_list": "Liste d'appel",
        "players_index": "Joueurs",
        "col_match": "Match",
        "col_table": "Table",
        "col_side_a": "Côté A",
        "col_side_b": "Côté B",
        "col_club": "Club",
        "col_umpire": "Arbitre",
        "col_called": "Appelé",
        "col_present": "Présent",
        "col_player": "Joueur",
        "col_opponent": "Adversaire",
        "callup_hint": ("Cochez un match quand il est appelé et chaque côté quand il est à sa"
                        " table."),
        "vs": "contre",
        # point carrom's three-player sheet
        "point_title": "Feuille de match – carrom aux points (trois joueurs)",
        "point_players": "Joueurs dans l'ordre du jeu",
        "point_first_breaker": "casse le board 1 (tiré au sort)",
        "point_col_white": "B",
        "point_col_black": "N",
        "point_end_carrommen": "tous les pions rentrés",
        "point_end_game_points": "{name} a atteint {cap}",
        "point_end_board_loss": "board perdu par {name}",
        "point_end_umpire_ruling": "décision de l'arbitre",
        "point_end_void": "annulé, rejoué",
        "point_in_progress": "en cours",
        "point_legend": (
            "B = pions blancs (2 points chacun) · N = pions noirs (1 point chacun) · R ✓ ="
            " reine confirmée (5) · Pts = points du board · Total = score cumulé de la partie,"
            " plafonné à {cap} · la reine seulement après un pion rentré dans un coup"
            " précédent (ICF 92, 95(a))"
        ),
        "point_game_end": "Fin de la partie",
        "point_game_end_points": "à {cap} points au board {board}",
        "point_game_end_boards": "après le board {board}",
        "point_final_score": "Score final",
        "point_rules_note": (
            "Le premier à {cap} points termine aussitôt la partie, sinon le plus de points après"
            " {limit} boards ; une égalité en tête joue un board supplémentaire."
        ),
        # table labels
        "table_label_caption": "Scannez pour le match en cours à cette table",
    },
    "it": {
        # scoresheet header
        "scoresheet": "Referto",
        "score_cards": "Cartellini",
        "blank_sheet": "per segnare su carta",
        "tournament": "Torneo",
        "event": "Gara",
        "round": "Turno",
        "match": "Match n.",
        "table": "Tavolo",
        "date": "Data",
        "umpire": "Arbitro",
        "start_time": "Inizio",
        "end_time": "Fine",
        "seating": "Posti",
        "seating_hint": "compagni di fronte, il gioco passa a destra (ICF 78)",
        "singles": "Singolo",
        "doubles": "Doppio",
        "side_a": "A",
        "side_b": "B",
        "seat": "Posto",
        "toss": "Sorteggio",
        "toss_won_by": "vinto da",
        "choice": "scelta",
        "choice_break": "Spaccata",
        "choice_side": "Lato",
        "qr_caption": "Scansionate per seguire questo match in diretta",
        # game table
        "game": "Game {n}",
        "game3_hint": "solo se i game sono 1 : 1",
        "not_played": "non giocato",
        "side_change_60a": "Cambio di lato dopo il board 4 o a 13 punti (ICF 60a)",
        "side_change_60b": "Cambio di lato a 13 punti (ICF 60b)",
        "col_total": "Totale",
        "col_points": "Pt",
        "col_extra": "+Ex",
        "col_cm": "Ped",
        "col_queen": "R",
        "col_break": "Spa",
        "col_board": "Board",
        "col_remarks": "Note",
        "final": "Finale",
        "extra_board": "Board supplementare",
        "side_change": "Cambio di lato",
        "void": "Nullo, rigiocato",
        "rules": "Regole",
        "withdrawn": "Annullato per decisione ({law})",
        "walkover_absent": "Vittoria a tavolino: {name} assente",
        "draw_time_up": "Pareggio: tempo scaduto",
        "time_up": "tempo scaduto",
        "game_won_by": "vinto da {name}",
        "legend": (
            "Spa ● = ha spaccato (bianco) · R ✓ = regina confermata e contata, ○ = confermata,"
            " non contata · Ped = pedine rimaste all'avversario · +Ex = punti extra reclamati"
            " (compresi in Pt) · Totale = punteggio progressivo del game"
        ),
        # match result and signatures
        "match_result": "Risultato del match in game",
        "match_won_by": "Vincitore",
        "walkover": "Vittoria a tavolino",
        "draw": "Pareggio",
        "signature": "Firma",
        "signatures": "Firme",
        "signature_umpire": "Arbitro",
        "page": "Pagina {page} di {pages}",
        "continued": "continua",
        # bracket
        "bracket": "Tabellone",
        "section_main": "Eliminazione diretta",
        "section_winners": "Tabellone dei vincenti",
        "section_losers": "Tabellone dei perdenti",
        "section_final": "Finalissima",
        "bye": "riposo",
        # standings
        "standings": "Classifica",
        "group": "Girone {name}",
        "rank": "#",
        "name": "Nome",
        "wins": "Vittorie",
        "losses": "Sconfitte",
        "played": "Match",
        "game_points": "Pt game",
        "games_won": "Game",
        "buchholz": "Buchholz",
        "median_buchholz": "BH mediano",
        "sonneborn_berger": "SB",
        "net_points": "Pt netti",
        "points_for": "Pt fatti",
        "points_against": "Pt subiti",
        "queens": "Regine",
        "rating": "Rating",
        # round lists
        "pairings": "Accoppiamenti",
        "callup_list": "Elenco delle chiamate",
        "players_index": "Giocatori",
        "col_match": "Match",
        "col_table": "Tavolo",
        "col_side_a": "Lato A",
        "col_side_b": "Lato B",
        "col_club": "Club",
        "col_umpire": "Arbitro",
        "col_called": "Chiamato",
        "col_present": "Presente",
        "col_player": "Giocatore",
        "col_opponent": "Avversario",
        "callup_hint": "Spuntate un match quando è chiamato e ogni lato quando è al suo tavolo.",
        "vs": "contro",
        # point carrom's three-player sheet
        "point_title": "Referto – carrom a punti (tre giocatori)",
        "point_players": "Giocatori nell'ordine di gioco",
        "point_first_breaker": "spacca il board 1 (sorteggiato)",
        "point_col_white": "B",
        "point_col_black": "N",
        "point_end_carrommen": "tutte le pedine imbucate",
        "point_end_game_points": "{name} ha raggiunto {cap}",
        "point_end_board_loss": "board perso da {name}",
        "point_end_umpire_ruling": "decisione dell'arbitro",
        "point_end_void": "nullo, rigiocato",
        "point_in_progress": "in corso",
        "point_legend": (
            "B = pedine bianche (2 punti ciascuna) · N = pedine nere (1 punto ciascuna) · R ✓ ="
            " regina confermata (5) · Pt = punti del board · Totale = punteggio progressivo del"
            " game, al massimo {cap} · la regina solo dopo una pedina imbucata in un tiro"
            " precedente (ICF 92, 95(a))"
        ),
        "point_game_end": "Fine del game",
        "point_game_end_points": "a {cap} punti nel board {board}",
        "point_game_end_boards": "dopo il board {board}",
        "point_final_score": "Punteggio finale",
        "point_rules_note": (
            "Chi arriva per primo a {cap} punti chiude subito il game, altrimenti vince chi ha"
            " più punti dopo {limit} board; una parità in testa gioca un board supplementare."
        ),
        # table labels
        "table_label_caption": "Scansionate per il match in corso a questo tavolo",
    },
}


def labels_for(language: str) -> dict[str, str]:
    """The label table of ``language``.

    :raises ValueError: for a language without a table (see :data:`LABELS`).
    """
    try:
        return LABELS[language]
    except KeyError:
        raise ValueError(f"unsupported sheet language {language!r}") from None


#: The point sheet's words that every sheet shares: its key -> the key in :data:`LABELS`.
POINT_SHARED_KEYS: dict[str, str] = {
    "blank": "blank_sheet", "tournament": "tournament", "event": "event", "round": "round",
    "match": "match", "table": "table", "date": "date", "umpire": "umpire",
    "col_board": "col_board", "col_break": "col_break", "col_queen": "col_queen",
    "col_points": "col_points", "col_total": "col_total", "col_remarks": "col_remarks",
    "winner": "match_won_by", "signature": "signature", "signature_umpire": "signature_umpire",
    "page": "page",
}


def point_labels(language: str) -> dict[str, str]:
    """The label table of point carrom's three-player sheet (:mod:`.point_sheet`): the shared
    words of :data:`LABELS` and its own ``point_*`` entries, under the sheet's short keys."""
    lab = LABELS.get(language, LABELS["en"])
    own = {key.removeprefix("point_"): text for key, text in lab.items()
           if key.startswith("point_")}
    return {**{key: lab[shared] for key, shared in POINT_SHARED_KEYS.items()}, **own}
