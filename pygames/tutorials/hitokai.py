"""The Egyptian Buyer's guided first game (see :mod:`pygames.tutorials`).

Three players, the learner in seat 0 and named start player at setup (option ``start``), a
fixed deal (seed 8) that gives the learner two 4s and three 5s for the first lessons. Round 1
teaches the auction (opening bid, raising, withdrawing), that every bidder pays his own last
bid, the doubled card, the minimal payment, the opener winning alone, and, after a skip to
daughter 12, a bid over a hand and the elimination it brings. The round's scoring follows; the
learner closes its result and opens round 2, which is then skipped to its last auction, the end
of the game (the learner has 2 victory points). The learner's seat is named Sam.

The scripted seats' bids were chosen to make each lesson happen; their payments, the early
answers and the skipped round 2 are the normal bot's moves, kept as literal entries. Nadia's
bid of 4 for daughter 12 is over her hand on purpose: she cannot win the round any more, and her
cards are lost at its end anyway.
"""

from __future__ import annotations

from pygames.core.text import t
from pygames.tutorials import Compose, Skip, Step, Tutorial

PAY = "pay"

#: round 1, daughters 7 to 11: Omar and Nadia fight over 7 to 10, the learner buys 11
_ROUND1_SKIP = (
    # daughter 7: Nadia buys at 7; Omar paid 6 for nothing, the learner 1
    *("0:b1", "1:b2", "2:b3", "0:pass", "1:b4", "2:b5", "1:b6", "2:b7", "1:pass"),
    *("2:pay8", "2:pay9", "2:pay9", "2:pay9", "2:pay10", "2:pay10", "2:pay10"),
    *("0:pay7", "1:pay7", "1:pay7", "1:pay7"),
    # daughter 8: Omar buys at 4
    *("2:b1", "0:pass", "1:b2", "2:b3", "1:b4", "2:pass"),
    *("1:pay8", "1:pay8", "2:pay10", "2:pay11", "2:pay11"),
    # daughter 9: Nadia buys at 8
    *("1:b1", "2:b2", "0:pass", "1:b3", "2:b4", "1:b5", "2:b6", "1:b7", "2:b8", "1:pass"),
    *("2:pay11", "2:pay11", "2:pay12", "2:pay12", "2:pay12", "2:pay12", "2:pay12"),
    *("1:pay8", "1:pay9", "1:pay9", "1:pay9"),
    # daughter 10: Omar buys at 2 (Nadia's 1 is paid by the engine: only 13s left)
    *("2:b1", "0:pass", "1:b2", "2:pass", "1:pay10"),
    # daughter 11: the learner buys at 4
    *("1:b1", "2:pass", "0:b2", "1:b3", "0:b4", "1:pass", "0:pay11", "0:pay11"),
    *("1:pay8", "1:pay11"),
)

#: round 2, daughters 4 to 12 after the learner's opening bid of 1 (the normal bot's moves; the
#: learner keeps his cards for the daughters that count most and buys 8, 10, 11 and 12)
_ROUND2_SKIP = (
    *("1:b2", "2:b3", "0:pass", "1:pass", "2:pay4", "2:pay4", "0:pay4", "1:pay5"),
    "1:pay6",
    *("2:b1", "0:pass", "1:b2", "2:b3", "1:pass", "2:pay5", "2:pay5", "1:pay7", "1:pay7"),
    *("2:b1", "0:pass", "1:b2", "2:pass", "1:pay8", "1:pay8", "2:pay5"),
    *("1:b1", "2:b2", "0:pass", "1:pass", "2:pay7", "1:pay8"),
    *("2:b1", "0:b2", "1:pass", "2:pass", "0:pay8", "2:pay6"),
    *("0:b1", "1:b2", "2:pass", "0:pass", "1:pay9", "0:pay4"),
    *("1:b1", "2:pass", "0:b2", "1:pass", "0:pay10", "1:pay10"),
    *("0:b1", "1:pass", "2:pass", "0:pay6"),
    *("0:b1", "1:pass", "2:pass", "0:pay7"),
)


def _any_card(cards: tuple[int, ...]) -> tuple[Compose, ...]:
    """A bid of 1 paid with any one card of ``cards`` (the first: the table's suggestion)."""
    return tuple(Compose(PAY, (card,)) for card in cards)


STEPS = (
    Step(
        "welcome",
        t(
            "You play Sam: your 25 cards are your money, 1 gold each, and a card of the number "
            "on sale counts double. You spend them on the daughters 4 to 13, sold one by one, "
            "lowest first; each scores her number.",
            "あなたはサムで、配られた25枚の手札がお金です（1枚1金、競りにかけている娘と同じ数字の"
            "カードは2倍の2金）。これで4〜13の娘を小さい順に1人ずつ競り落とし、娘はその数字が"
            "得点になります。",
        ),
        mark=("hand-zone", "daughters"),
    ),
    Step(
        "table",
        t(
            "A round total is the daughters' numbers plus the hand bonus, 1 per 3 cards left "
            '("+8 hand" now). Paid cards go to the bank, out of the round.',
            "ラウンド合計は買った娘の数字の合計に手札ボーナス（残り手札3枚ごとに1点）を足した"
            "もので、今は「手札+8」です。支払ったカードは銀行へ行き、このラウンドには戻りません。",
        ),
        mark=("total-0", "bank"),
    ),
    Step(
        "open",
        t(
            "Daughter 4 is on sale and you open it: you must bid, so you cannot withdraw yet. "
            'A "Quick bid" is played at once; here set the amount to 2 with its +1, then tap '
            '"Bid 2".',
            "最初の手番プレイヤーのあなたは、娘4の競りを必ず入札で始めます（まだ降りられません）。"
            "「すぐ入札」のボタンはその額ですぐ入札しますが、今回は入札額の+1で2にしてから"
            "「2で入札」を押しましょう。",
        ),
        expect=("b2",),
    ),
    Step(
        "withdraw",
        t(
            "Omar raised to 3 and Nadia withdrew. Every bidder pays their last bid even if they "
            "lose, so don't chase little daughter 4: withdraw (for good), and you pay only 2.",
            "オマルが3に上げ、ナディアは降りました。負けた人も最後の入札額を払う（払い損）ので、"
            "小さな娘4は深追いせずに降りましょう：この競りには戻れませんが、払うのは2だけで"
            "済みます。",
        ),
        expect=("pass",),
        play=("1:b3", "2:pass"),
    ),
    Step(
        "pay-lost",
        t(
            "Omar buys daughter 4, and you pay your last bid of 2 for nothing. A 4 counts double "
            "while daughter 4 is on sale, so one 4 pays it.",
            "娘4はオマルが買い、あなたは最後の入札額2を払います（払い損）。娘4の競り中は4の"
            "カードが2金なので、4を1枚出しましょう。",
        ),
        expect=(Compose(PAY, (4,)),),
        play=("1:pay6", "1:pay6", "1:pay6"),
    ),
    Step(
        "raise",
        t(
            "The buyer opens the next auction: Omar bid 1 for daughter 5, Nadia 2. Your three 5s "
            "count double now: raise to 4.",
            "次の競りは落札者から始まります：娘5にオマルが1、ナディアが2を入札しました。今は"
            "あなたの5が3枚とも2金です：4に上げましょう。",
        ),
        expect=("b4",),
        play=("1:b1", "2:b2"),
    ),
    Step(
        "raise-again",
        t(
            "Omar withdrew and Nadia raised to 5. Raise again to 6: she must bid more or withdraw.",
            "オマルは降り、ナディアが5に上げました。6に上げましょう：ナディアはさらに上げるか"
            "降りるかです。",
        ),
        expect=("b6",),
        play=("1:pass", "2:b5"),
    ),
    Step(
        "pay-few",
        t(
            "Nadia withdrew: daughter 5 is yours for 6. Three 5s pay 6 gold with only 3 cards; "
            "a payment may not hold a card it could do without.",
            "ナディアが降り、あなたが娘5を6で落札しました。5を3枚出せばそれだけで6金です"
            "（なくても足りるカードは支払いに入れられません）。",
        ),
        expect=(Compose(PAY, (5, 5, 5)),),
        play=("2:pass",),
    ),
    Step(
        "open-high",
        t(
            "Nadia lost, yet she paid her 5 too: every bidder pays. You bought, so you open "
            "daughter 6: bid 5 at once.",
            "ナディアは負けても5を払いました：入札した人は全員払います。落札したあなたが娘6の"
            "競りを始めます：いきなり5で入札しましょう。",
        ),
        expect=("b5",),
        play=("1:pay7", "2:pay5", "2:pay5", "2:pay6"),
    ),
    Step(
        "alone",
        t(
            "Both withdrew, so the opener wins at the opening bid: daughter 6 is yours for 5. "
            "Pay with your two 6s, 2 gold each, and one more card.",
            "2人とも降りたので、最初の入札額のまま娘6はあなたのものです。2金の6を2枚と、"
            "もう1枚で5を払いましょう。",
        ),
        expect=(Compose(PAY, (6, 6, 4)),),
        play=("1:pass", "2:pass"),
    ),
    Step(
        "skip",
        t(
            "We skip ahead to daughter 12. You bought 11 cheaply, while Omar and Nadia fought "
            "over 7 to 10 and spent most of their cards.",
            "娘12まで進めます。あなたは11を安く買い、オマルとナディアは7〜10を奪い合って手札を"
            "ほとんど使いました。",
        ),
        play=_ROUND1_SKIP,
        fast=True,
        mark=("seats",),
    ),
    Step(
        "open-12",
        t(
            "Nadia holds only three cards, Omar nine. Open daughter 12 with a bid of 2.",
            "ナディアの手札は3枚だけ、オマルは9枚です。娘12の競りを2で始めましょう。",
        ),
        expect=("b2",),
    ),
    Step(
        "overbid",
        t(
            "Nadia bid 4, though her three cards are worth only 3: nothing stops a bid over a "
            "hand. Raise to 5, and she will have to pay her 4.",
            "ナディアが4を入札しましたが、手札3枚は3金にしかなりません：手札を超える入札も"
            "できるのです。5に上げれば、ナディアは4を払わなければなりません。",
        ),
        expect=("b5",),
        play=("1:pass", "2:b4"),
    ),
    Step(
        "pay-12",
        t(
            "Daughter 12 is yours for 5. Pay it with two of your 12s, 2 gold each now, and one "
            "more card.",
            "あなたが娘12を5で落札しました。今は2金の12を2枚と、もう1枚で支払いましょう。",
        ),
        expect=(Compose(PAY, (12, 12, 7)),),
        play=("2:pass",),
    ),
    Step(
        "eliminated",
        t(
            "Nadia could not pay her 4: she is eliminated, and her hand went to the bank. She "
            "sits out the rest of the round and cannot win its point, but keeps her daughters.",
            "ナディアは4を払えずに脱落し、手札は銀行へ行きました。このラウンドの残りには参加"
            "できず勝点も取れませんが、買った娘はそのままです。",
        ),
        mark=("seats", "bank"),
    ),
    Step(
        "open-13",
        t(
            "Daughter 13 is the last of the round, and Nadia is eliminated. Open with 1.",
            "娘13がこのラウンド最後の競りで、ナディアは脱落しています。1で始めましょう。",
        ),
        expect=("b1",),
    ),
    Step(
        "pay-13",
        t(
            "Omar withdrew: daughter 13 is yours for 1. Pay it with any one card.",
            "オマルが降り、あなたが娘13を1で落札しました。どれか1枚で支払いましょう。",
        ),
        expect=_any_card((8, 9, 10, 11, 12, 13)),
        play=("1:pass",),
    ),
    Step(
        "round-end",
        t(
            "Round total: daughters 47 plus 1 per 3 cards left (3) make 50. The single highest "
            "total wins 1 VP (a shared one wins nothing), and an eliminated player cannot win it.",
            "ラウンド合計は娘47点+手札ボーナス（残り3枚ごとに1点）3点で50点です。単独最高の"
            "合計が1勝点を得ます（同点なら誰も得ず、脱落した人は得られません）。",
        ),
        mark=("round-summary",),
    ),
    Step(
        "round-2",
        t(
            "You won round 1's point, so you open round 2, dealt anew; 2 VP win the game. Close "
            "the result with its Continue button, then bid 1 for daughter 4.",
            "勝点を得たあなたが、配り直した第2ラウンドを始めます（2勝点でゲームの勝ち）。結果の"
            "「第2ラウンドへ進む」を押してから、娘4に1で入札しましょう。",
        ),
        expect=("b1",),
    ),
    Step(
        "skip-2",
        t(
            "We skip ahead to daughter 13, the last of round 2: open it with 1.",
            "第2ラウンド最後の娘13まで進めます：1で始めましょう。",
        ),
        expect=("b1",),
        play=_ROUND2_SKIP,
        fast=True,
    ),
    Step(
        "pay-last",
        t(
            "Both withdrew: daughter 13 is yours for 1. Pay it with any one card, and round 2 "
            "ends.",
            "2人とも降り、あなたが娘13を1で落札しました。どれか1枚で支払うと第2ラウンドが"
            "終わります。",
        ),
        expect=_any_card((7, 8, 9, 10, 11, 12, 13)),
        play=("1:pass", "2:pass"),
    ),
    Step(
        "end",
        t(
            "Your round total is the single highest again: 2 VP, and the game is yours. The "
            "table lists each player's VP, rounds won and round totals.",
            "ラウンド合計がまた単独最高で、2勝点であなたの勝ちです。表には各プレイヤーの勝点、"
            "勝ったラウンド、各ラウンドの合計が並びます。",
        ),
        mark=("result",),
    ),
)

TUTORIAL = Tutorial(
    game="hitokai",
    players=3,
    seed=8,
    learner=0,
    names=(t("Sam", "サム"), t("Omar", "オマル"), t("Nadia", "ナディア")),
    steps=STEPS,
    covers={
        "A round/1": "welcome",
        "A round/2": "welcome",
        "A round/3": "round-end",
        "A round/4": "round-2",
        "H1": "open",
        "H2": "overbid",
        "H3": "alone",
        "H4": "pay-few",
        "H5": Skip("The payers' order changes nothing, and the table settles it by itself."),
        "H6": "open",
        "H7": Skip(
            "A round that ends early because nobody still in holds a card is rare; this "
            "tutorial's rounds reach daughter 13."
        ),
        "H8": "round-2",
        "H9": "eliminated",
    },
    options={"start": 0},
)
