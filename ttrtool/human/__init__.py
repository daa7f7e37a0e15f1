"""Playing a map in person: ``ttrtool play`` (docs/play.md).

The pieces, in the order a game uses them:

* :mod:`~ttrtool.human.save` — the play log, which is also the save of a game in play;
* :mod:`~ttrtool.human.session` — :class:`~ttrtool.human.session.Sitting`: the engine
  state, the seats (people and bots), a human's move read, checked and applied, the log
  written after each move;
* :mod:`~ttrtool.human.table` — the JSON the page reads: the position as the seat to move
  may know it, its legal actions, the recent moves, the final scores;
* :mod:`~ttrtool.human.review` — after the game, the expert's choice beside the human's
  and every seat's tickets and routes;
* :mod:`~ttrtool.human.page` and :mod:`~ttrtool.human.server` — the page and the local
  server it talks to.

Nothing here prints or exits; ``ttrtool/commands/play.py`` does.
"""
