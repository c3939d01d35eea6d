"""A DRAFT tutorial of Return of the Pharaoh, only to develop the tutorial framework (tut-pharaoh
writes the real one, which replaces this file): it exercises a read step, discrete and composed
moves, a fast-forward and the end."""

from __future__ import annotations

from pygames.core.text import t
from pygames.tutorials import Compose, Skip, Step, Tutorial

_DRAFT = Skip("a draft of the framework's own: the real tutorial teaches it")

_REST = (
    "1:horus", "1:d2+", "0:horus", "0:d1", "1:d3", "0:horus", "0:d1+", "1:d4", "0:pharaoh",
    "0:pass", "1:d1", "0:d1+", "1:df4", "0:horus", "0:d1", "1:pharaoh", "0:d3345", "1:horus",
    "1:df3+", "0:pharaoh", "1:d4+", "0:horus", "0:d2", "1:d5", "0:pass", "0:d12234+", "1:horus",
    "1:d5+", "0:horus", "0:horus", "1:d1", "0:d5", "1:d4f5", "0:pass", "0:pass", "1:d4",
    "0:d35+", "1:df4f5f6", "0:horus", "0:horus", "1:df7",
)  # fmt: skip

_KEYS = (
    "Play/1", "Play/2", "Play/3", "End and scoring/1", "End and scoring/2",
    "End and scoring/3", "P1", "P2", "P3", "P4", "P5", "P6",
)  # fmt: skip

_KEYS = (
    "Play/1", "Play/2", "Play/3", "End and scoring/1", "End and scoring/2",
    "End and scoring/3", "P1", "P2", "P3", "P4", "P5", "P6",
)  # fmt: skip

TUTORIAL = Tutorial(
    game="pharaoh",
    players=2,
    seed=7,
    learner=0,
    names=(t("You", "あなた"), t("Nefer", "ネフェル")),
    steps=(
        Step(
            "hello",
            t(
                "This is your hand of member cards. You bid with them for the cards on offer.",
                "これがあなたの隊員カードの手札です。これで場札を競ります。",
            ),
            mark=("hand",),
        ),
        Step(
            "first-bid",
            t(
                "Declare your 4 with the round bonus: tap the 4, then Declare.",
                "4とラウンドボーナスで宣言しましょう。4をタップして「宣言」を押します。",
            ),
            expect=(Compose("declare", (4, "bonus")),),
        ),
        Step(
            "pharaoh-pass",
            t(
                "Nefer bids higher. Play a Pharaoh pass: the hospital's members go to your tent.",
                "ネフェルがより高く宣言したので、ファラオパスをしましょう。病院の隊員があなたのテントに入ります。",
            ),
            expect=("pharaoh",),
            play=("1:d15",),
        ),
        Step(
            "big-bid",
            t(
                "Open the next auction with 2, 3, 4 and 5, without the bonus.",
                "次の競りを2、3、4、5で始めましょう。ボーナスなしです。",
            ),
            expect=(Compose("declare", (2, 3, 4, 5)),),
        ),
        Step(
            "last",
            t(
                "We skip ahead to the last auction. Declare your 3.",
                "最後の競りまで進めます。3を宣言しましょう。",
            ),
            expect=(Compose("declare", (3,)),),
            play=_REST,
            fast=True,
        ),
        Step(
            "end",
            t(
                "The game is over: items, kinds and flags make the score.",
                "ゲーム終了です。アイテム、種類、旗で得点が決まります。",
            ),
            play=("1:pharaoh",),
        ),
    ),
    covers=dict.fromkeys(_KEYS, _DRAFT),
)
