"""Return of the Pharaoh's guided first game: three players, the learner (seat 0, named Sam; the
words say "you" and call no one "he" or "she") against Amira and Howard, on a fixed deal (seed 4:
round 1 offers 4 gold coins, 1 throne, the flag member 4 and 1 gold coin). The learner holds the
Horus chip at the start.

Round 1 teaches a declaration (composed card by card, the round bonus switch already on), raising
it (the bonus counts in the first declaration only), the three passes and the hospital; its key
moment is Amira's Pharaoh pass taking the learner's members 2 and 3 from the hospital for good.
Round 2 teaches the kinds bonus and the learner's own Pharaoh pass. Then the game fast-forwards
(the normal bot's moves, kept as literal entries) to round 5, where the learner wins a fourth
kind, spends the flag members and brings them back to the tent with the last Pharaoh card; the
end screen explains the scoring (22 points: items 13, kinds bonus 6, flag members 3).
"""

from __future__ import annotations

from pygames.core.text import t
from pygames.tutorials import Compose, Step, Tutorial

DECLARE = "declare"
BONUS = "bonus"

#: rounds 2 to 5 up to the learner's turn in round 5's second auction, played at once (the
#: normal bot's moves for every seat, the learner's too)
_SKIP_AHEAD = (
    "1:horus", "1:d1+", "2:d5", "0:d4f4", "1:horus", "2:pass", "1:d25+", "2:pharaoh",
    "0:horus", "0:d1+", "1:d5", "2:d15", "0:horus", "1:d2", "2:pass", "0:d1+",
    "1:d14", "2:d15", "0:horus", "1:d2", "2:d2", "1:pass", "0:d1+", "1:d24f7",
    "2:pharaoh", "0:horus", "0:d335+", "1:pharaoh", "2:horus", "2:d1455+", "0:horus", "0:d35f6+",
    "1:horus", "1:d234+", "2:horus", "0:pass", "2:d24+", "0:horus", "0:d13+", "1:horus",
    "1:d1+", "2:horus",
)  # fmt: skip

_ROUND_1 = (
    Step(
        "welcome",
        t(
            "You play Sam, an expedition leader. Everyone holds members 1 to 5 and 2 Pharaoh "
            "cards and bids members for these 4 cards, left to right: 5 rounds of 4 auctions, "
            "most points wins.",
            "あなたは発掘隊の隊長サムです。全員が隊員1〜5とファラオカード2枚を持ち、隊員を出して"
            "場札の4枚を左から順に競ります（4回の競り×5ラウンド、得点が最も多い人の勝ち）。",
        ),
        mark=("offer", "hand"),
    ),
    Step(
        "declare",
        t(
            "You hold the Horus chip, so you start: the starter may add the round bonus (+1 in "
            "round 1) to an auction's first declaration; its switch is already on. Tap member 2, "
            "then declare 3.",
            "ホルスチップを持つあなたがスタートプレイヤーで、競りの最初の宣言にだけラウンドボーナス"
            "（第1ラウンドは+1）を加えられ、そのスイッチはもうオンです。隊員2を選び、3人と"
            "宣言しましょう。",
        ),
        expect=(Compose(DECLARE, (2, BONUS)),),
    ),
    Step(
        "horus-pass",
        t(
            "Amira declared 4. Howard made a Horus pass, taking the Horus chip to start the next "
            "auctions (only one player per auction may make it).",
            "アミラが4人と宣言しました。ハワードはホルスパスでホルスチップを取り、次の競りから"
            "スタートプレイヤーになります（ホルスパスは1回の競りで1人だけ）。",
        ),
        play=("1:d4", "2:horus"),
        mark=("horus-2",),
    ),
    Step(
        "raise",
        t(
            "Declare again: add member 3. The round bonus was for the auction's first declaration "
            "only, so you now declare the members in front of you, 2 + 3 = 5, which beats 4.",
            "もう一度宣言できます。ラウンドボーナスはこの競りの最初の宣言だけなので、隊員3を足した"
            "宣言は手元の隊員の合計2+3=5人で、4人を上回ります。",
        ),
        expect=(Compose(DECLARE, (3,)),),
    ),
    Step(
        "hospital",
        t(
            "Amira passed and took back the 4, so you won the 4 gold coins, and your members 2 and "
            "3 went to the hospital. They stay there until a Pharaoh pass takes them: yours brings "
            "them back, a rival's takes them for good.",
            "アミラがパスして4を手札に戻したので、あなたが金貨4枚を獲得し、隊員2と3は病院へ"
            "行きました。ファラオパスで連れ出されるまでそこにいて、あなたのパスなら戻り、ライバルの"
            "パスならその人のものになります。",
        ),
        play=("1:pass",),
        mark=("hospital",),
    ),
    Step(
        "plain-pass",
        t(
            "Howard starts the throne's auction: 3 + round bonus 1 = 4. Keep your members for the "
            "next card: make a plain pass, which only takes you out of this auction.",
            "ハワードがスタートして玉座に3+ラウンドボーナス1=4人と宣言しました。隊員は次の札に"
            "残し、普通のパスをしましょう（この競りから抜けるだけです）。",
        ),
        play=("2:d3+",),
        expect=("pass",),
    ),
    Step(
        "pharaoh-pass",
        t(
            "Amira's Pharaoh pass moved your 2 and 3 to Amira's tent for good: members in the "
            "hospital can be lost like this, so keep some for later rounds. Howard, the last one "
            "in, won the throne.",
            "アミラのファラオパスで、病院のあなたの2と3は以後ずっとアミラのものになりました（病院の"
            "隊員はこうして失われるので、後のラウンドのために隊員を残しておきましょう）。最後に"
            "残ったハワードが玉座を獲得しました。",
        ),
        play=("1:pharaoh",),
        mark=("hospital", "tent-1"),
    ),
    Step(
        "flag-member",
        t(
            "Next is a flag member: it bids like any member and is 1 point at the end. Howard "
            "declared 2: declare member 4.",
            "次は旗の隊員で、普通の隊員と同じく宣言に使え、最後に1点になります。ハワードは2人と"
            "宣言したので、隊員4で宣言しましょう。",
        ),
        play=("2:d1+",),
        expect=(Compose(DECLARE, (4,)), Compose(DECLARE, (5,))),
    ),
    Step(
        "tent",
        t(
            "You won the flag member 4! A won member card and the members you bid rest in your "
            "tent until the round ends, then join your hand; a won treasure sends them to the "
            "hospital instead.",
            "旗の隊員4を獲得しました。隊員カードを獲得すると、それと宣言に出した隊員はラウンドの"
            "終わりまでテントで休んで手札に戻りますが、財宝を獲得すると隊員は病院へ行きます。",
        ),
        play=("1:pass", "2:pass"),
        mark=("tent-0",),
    ),
    Step(
        "take-horus",
        t(
            "Take the Horus chip back with a Horus pass: you will start the next auctions, with "
            "round 2's bonus of +2.",
            "ホルスパスでホルスチップを取り返しましょう。次の競りからあなたがスタートで、"
            "第2ラウンドのラウンドボーナスは+2です。",
        ),
        play=("2:d1+",),
        expect=("horus",),
    ),
    Step(
        "round-end",
        t(
            "Amira declared 3 over Howard's 2 and Howard passed, so Amira won 1 gold coin. Round "
            "1 ended: every tent went back to its owner's hand, so your old 2 and 3 now bid for "
            "Amira.",
            "アミラがハワードの2人を上回る3人と宣言し、ハワードがパスしたので、アミラが金貨1枚を"
            "獲得しました。第1ラウンドが終わってテントの隊員は持ち主の手札に戻り、あなたの元の"
            "2と3は今やアミラの隊員です。",
        ),
        play=("1:d3", "2:pass"),
        mark=("hand",),
    ),
)

_ROUND_2 = (
    Step(
        "round-bonus",
        t(
            "Round 2: you start, and the round bonus is now +2. Declare member 5 with the round "
            "bonus: 7 for the 3 ankhs.",
            "第2ラウンドはあなたがスタートで、ラウンドボーナスは+2です。隊員5とラウンドボーナスで、"
            "アンク3個に7人と宣言しましょう。",
        ),
        expect=(Compose(DECLARE, (5, BONUS)),),
    ),
    Step(
        "kinds-bonus",
        t(
            "Amira took the Horus chip, and you won the ankhs. Each item is 1 point, and 2 kinds "
            "add a kinds bonus of 1: 4 + 3 + 1 = 8 so far.",
            "アミラがホルスチップを取り、あなたがアンクを獲得しました。財宝は1個1点で、2種類なら"
            "種類ボーナス1点が加わり、今は4+3+1=8点です。",
        ),
        play=("1:horus", "2:pass"),
        mark=("treasures-0",),
    ),
    Step(
        "your-pharaoh",
        t(
            "The hospital holds your 5 and a 3 of each rival. Make a Pharaoh pass: spend a "
            "Pharaoh card and take all of them into your tent.",
            "病院にはあなたの5と、2人のライバルの3が1枚ずついます。ファラオパスでファラオカードを"
            "1枚使い、全員を自分のテントへ移しましょう。",
        ),
        play=("1:d1+", "2:d4"),
        expect=("pharaoh",),
    ),
    Step(
        "empty-hospital",
        t(
            "All three are yours for good and join your hand next round. The hospital is empty "
            "now: a Pharaoh pass there would spend a card for nothing.",
            "3人とも以後ずっとあなたの隊員で、次のラウンドから手札に入ります。病院は空なので、"
            "今ファラオパスをしてもカードを無駄にするだけです。",
        ),
        mark=("tent-0", "hospital"),
    ),
)

_ROUND_5 = (
    Step(
        "skip-ahead",
        t(
            "We skip ahead to round 5, playing your moves too: you won 2 jars and three flag "
            "members. Amira declared 1 + round bonus 5 = 6 for the 3 swords.",
            "第5ラウンドまで、あなたの手も含めて進めました。あなたは壺2個と旗の隊員3枚を獲得し、"
            "アミラは剣3本に1+ラウンドボーナス5=6人と宣言しています。",
        ),
        play=_SKIP_AHEAD,
        fast=True,
        mark=("treasures-0", "hand"),
    ),
    Step(
        "fourth-kind",
        t(
            "Swords would be your fourth kind, the kinds bonus going from 3 to 6: declare members "
            '3 and 5, 8. A chip like Amira\'s coins "1·5" lists the cards of one kind won: 1 + 5 '
            "= 6 coins.",
            "剣は4種類目で種類ボーナスが3点から6点になるので、隊員3と5で8人と宣言しましょう。"
            "アミラの金貨「1·5」のような表示は、獲得した同じ種類の札を1枚ずつ示します（1+5=6枚）。",
        ),
        expect=(Compose(DECLARE, (3, 5)),),
    ),
    Step(
        "flags-bid",
        t(
            "Howard declared 7 for 1 sword. Only flag members are left in your hand: declare "
            "flag 5 and flag 6, 11.",
            "ハワードが剣1本に7人と宣言しました。手札は旗の隊員だけなので、旗5と旗6で11人と"
            "宣言しましょう。",
        ),
        play=("2:d2+",),
        expect=(Compose(DECLARE, (15, 16)),),
    ),
    Step(
        "no-members",
        t(
            "Your flags went to the hospital, where they score nothing, and your hand is empty: "
            "you can only pass. A Pharaoh pass brings them back to your tent.",
            "旗の隊員は病院へ行き、そこでは得点になりません。手札が空なのでパスしかできませんが、"
            "ファラオパスで自分のテントへ連れ戻しましょう。",
        ),
        play=("1:horus", "1:df7+", "2:horus"),
        expect=("pharaoh",),
    ),
    Step(
        "scoring",
        t(
            "Game over! You score 1 point per item (13), a kinds bonus of 6 for 4 kinds, and 1 "
            "point per flag member in hand and tent (3): 22.",
            "ゲーム終了です。財宝1個1点（13点）、4種類の種類ボーナス6点、手札とテントの旗の隊員"
            "1枚1点（3点）で、合計22点です。",
        ),
        mark=("items-0", "kinds-0", "flags-0", "final-score-0"),
    ),
    Step(
        "winner",
        t(
            "The most points wins: you beat Howard's 17 and Amira's 15. On a tie, the larger sum "
            "of members in hand and tent wins.",
            "得点が最も多い人の勝ちで、あなたはハワードの17点とアミラの15点を上回りました。同点なら"
            "手札とテントの隊員の合計が多い人の勝ちです。",
        ),
        mark=("final-score-0", "member-sum-0"),
    ),
)

TUTORIAL = Tutorial(
    game="pharaoh",
    players=3,
    seed=4,
    learner=0,
    names=(t("Sam", "サム"), t("Amira", "アミラ"), t("Howard", "ハワード")),
    steps=_ROUND_1 + _ROUND_2 + _ROUND_5,
    covers={
        "Play/1": "horus-pass",
        "Play/2": "pharaoh-pass",
        "Play/3": "plain-pass",
        "End and scoring/1": "scoring",
        "End and scoring/2": "scoring",
        "End and scoring/3": "scoring",
        "P1": "no-members",
        "P2": "hospital",
        "P3": "horus-pass",
        "P4": "empty-hospital",
        "P5": "declare",
        "P6": "no-members",
    },
    options={"start": 0},
)
