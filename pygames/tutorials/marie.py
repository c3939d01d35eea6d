"""Marie's Table's guided first game: three brothers, you (Sam, seat 0) the first Elder.

Seed 3, the learner the first Elder (option ``elder`` 0). The deal makes each lesson happen:

- Round 1 (you are the Elder): you choose Pile 1 (M1), keep the two 5s and pass four to Ken
  (A round/1); the pairs are shown (A round/2); everyone is Satisfied (A round/3, M3), so each
  brother keeps or eats his own pair in secret (A round/4, A round/5, M4). Ken and Jiro eat both
  their cards: they may eat no more.
- Round 2 (Jiro, last round's Youngest, is the Elder: A round/6): you are in the middle; only Ken
  is Dissatisfied, one vote short of a share-out; only you may still eat, so only you decide.
- Round 3 (you are the Youngest): your 2 and 4 are the last two cards. You and Jiro are
  Dissatisfied, so the pairs change hands (A round/4): you take first, Jiro's 5 and 6, and eat
  the 6 at once (M2).
- Rounds 4 and 5 are played for you (a fast-forward); in round 6 you are the Youngest again, get
  two 3s, and the game ends: you 8, Ken 7, Jiro 2.

The scripted seats' moves are the normal bot's (its own random streams, as at the table), but for
the piles of rounds 2 and 3 and Jiro's "Dissatisfied" in round 3 (his 5 and 6 are worth less to
him than Ken's two 4s). The learner's moves in rounds 4 to 6 are the normal bot's too.
"""

from __future__ import annotations

from pygames.core.text import t
from pygames.tutorials import Step, Tutorial

#: rounds 4 and 5, played at once (round 4: you the Elder; round 5: Jiro the Elder), then the
#: last round's pile and draft (Ken the Elder, you the Youngest: you get two 3s)
_SKIP = (
    "0:pile5", "0:pick35", "1:pick24", "1:up", "2:up", "0:up", "0:keep",
    "2:pile6", "2:pick47", "0:pick66", "1:up", "2:up", "0:up", "0:keep",
    "1:pile4", "1:pick12", "2:pick66",
)  # fmt: skip

STEPS = (
    Step(
        "welcome",
        t(
            "You play Sam, sharing cakes with your brothers Ken and Jiro: 8 cakes of each number "
            "1 to 7. Scoring counts the cards you keep of one number: 3 or more score, 1 or 2 "
            "cost points.",
            "あなたはサムとなって、兄弟のケン、ジローと1〜7の数字が各8枚あるケーキを分け合います。"
            "得点は同じ数字を何枚確定したかで決まり、3枚以上で得点、1〜2枚だと減点です。",
        ),
        mark=("seats",),
    ),
    Step(
        "pile",
        t(
            "You are the Elder this round: choose a face-down pile (they all look alike), take "
            "Pile 1. Three players play 6 rounds of 6-card piles; four or five play 5 rounds, of "
            "8 or 10 cards.",
            "このラウンドはあなたが兄者なので、裏向きの山をひとつ選びます（どれも同じなので山1を）。"
            "3人なら6ラウンドで山は6枚、4人・5人なら5ラウンドで山は8枚・10枚です。",
        ),
        expect=("pile1",),
    ),
    Step(
        "keep",
        t(
            "Keep two of the pile's 6 cards face down: the two 5s (only a card's number counts; "
            "its symbol just helps tell the numbers apart). The other four go to Ken, the next "
            "player.",
            "山の6枚から、5を2枚、裏向きで残しましょう（数えるのは数字だけで、マークは数字を見分けやすく"
            "するためのものです）。残りの4枚は次の人、ケンに渡ります。",
        ),
        expect=("pick55",),
    ),
    Step(
        "shown",
        t(
            "Ken kept two and passed the last two to Jiro, the Youngest, who keeps both. Now "
            "every kept pair is shown face up.",
            "ケンも2枚を残し、最後の2枚を末の弟ジローに渡しました（ジローは2枚とも残します）。"
            "これで全員の2枚が表になりました。",
        ),
        play=("1:pick37",),
        mark=("seats",),
    ),
    Step(
        "vote",
        t(
            "Ken and Jiro have voted, but votes stay secret until all are in, then show together. "
            "Two or more Dissatisfied make the pairs change hands, the Youngest taking first; you "
            "like your 5s: vote Satisfied.",
            "ケンとジローは投票済みですが、票は全員そろうまで秘密で、そろうと一緒に公開されます。"
            "「不満」が2人以上なら末の弟から順に2枚を取り合いますが、5が2枚あるので「納得」を選びましょう。",
        ),
        expect=("up", "down"),
        play=("1:up", "2:up"),
    ),
    Step(
        "decide",
        t(
            "Fewer than two are Dissatisfied, so everyone takes their own pair and decides in "
            "secret: keep each card, or eat it for 1 point. Keep both 5s; then Jiro, this round's "
            "Youngest, becomes the Elder.",
            "不満が2人未満なので、全員が自分の2枚を獲得し、"
            "確定するか食べて1点にするかを秘密で決めます。"
            "5は2枚とも確定しましょう（次のラウンドは、今の末の弟ジローが兄者です）。",
        ),
        expect=("keep",),
        play=("1:eat37", "2:eat13"),
    ),
    Step(
        "eaten",
        t(
            "All decisions show together: Ken and Jiro ate both their cards, 1 point each. Nobody "
            "may eat more than two cards a game, so from now on they must keep every card.",
            "全員の決定が一緒に公開され、ケンとジローは2枚とも食べて各1点です。"
            "食べられるのはゲーム中2枚までなので、2人はこの先すべて確定です。",
        ),
        mark=("eaten-1", "eaten-2", "kept-0"),
    ),
    Step(
        "next-elder",
        t(
            "Jiro, the last round's Youngest, is now the Elder: he kept two of his pile and passed "
            "you four. Keep the 5 and the 3; Ken gets the last two.",
            "前のラウンドの末の弟ジローが今度は兄者で、山から2枚を残して4枚をあなたに渡しました。"
            "5と3を残しましょう（最後の2枚はケンに渡ります）。",
        ),
        expect=("pick35",),
        play=("2:pile2", "2:pick77"),
    ),
    Step(
        "vote-2",
        t(
            "The pairs are shown: vote again, in secret. You kept a third 5, so vote Satisfied.",
            "2枚が公開されたので、もう一度秘密で投票します。3枚目の5を残せたので「納得」を選びましょう。",
        ),
        expect=("up",),
        play=("1:down", "2:up"),
    ),
    Step(
        "decide-2",
        t(
            "Only Ken is Dissatisfied, so the pairs stay. Ken and Jiro can eat no more, so only "
            "you decide: keep both.",
            "「不満」はケンだけなので、取り合いにはなりません。"
            "ケンとジローはもう食べられないので、あなただけが決めます：2枚とも確定しましょう。",
        ),
        expect=("keep",),
    ),
    Step(
        "youngest",
        t(
            "Ken is the Elder now, and you are the Youngest: you got the last two cards, a 2 and "
            "a 4. Jiro kept a 5 and a 6.",
            "今度はケンが兄者、あなたが末の弟で、最後の2枚（2と4）を受け取りました。"
            "ジローは5と6を残しています。",
        ),
        play=("1:pile3", "1:pick44", "2:pick56"),
        mark=("seats",),
    ),
    Step(
        "vote-3",
        t(
            "Jiro's 5 would be your fourth 5: vote Dissatisfied.",
            "ジローの5があればあなたの5は4枚になるので、「不満」を選びましょう。",
        ),
        expect=("down",),
        play=("1:up", "2:down"),
    ),
    Step(
        "take",
        t(
            "Jiro was Dissatisfied too, so the pairs change hands, and you, the Youngest, take "
            "first. Take Jiro's pair.",
            "ジローも「不満」だったので取り合いになり、末の弟のあなたが最初に取ります。"
            "ジローの2枚を取りましょう。",
        ),
        expect=("take2",),
    ),
    Step(
        "eat",
        t(
            "Decide now, before the next brother takes; he sees your choice. Keep the 5 and eat "
            "the lone 6.",
            "取ったらすぐ、次の人が取る前に決めます（次の人はそれを見ます）。"
            "5を確定して、1枚だけの6を食べましょう。",
        ),
        expect=("eat6",),
    ),
    Step(
        "others-take",
        t(
            "Jiro took Ken's 4s, and Ken, the Elder, took the last pair: your 2 and 4. The Elder "
            "takes last, even when the pair left is his own.",
            "ジローはケンの4を取り、兄者のケンは最後に残ったあなたの2と4を取りました。"
            "兄者は最後に取り、残ったのが自分の2枚でもそれを取ります。",
        ),
        play=("2:take1",),
        mark=("kept-1", "kept-2"),
    ),
    Step(
        "skip",
        t(
            "We played rounds 4 and 5 for you: this is the last pile. You are the Youngest again, "
            "and Jiro passed you two 3s.",
            "ラウンド4と5はこちらで進めたので、これが最後の山です。"
            "あなたはまた末の弟で、ジローから3を2枚受け取りました。",
        ),
        play=_SKIP,
        fast=True,
        mark=("kept-0",),
    ),
    Step(
        "vote-last",
        t(
            "Two more 3s make four: vote Satisfied.",
            "3が2枚増えれば4枚です。「納得」を選びましょう。",
        ),
        expect=("up", "down"),
        play=("1:up", "2:up"),
    ),
    Step(
        "keep-last",
        t(
            "Keep both 3s: four 3s score 3 points, more than an eaten card.",
            "3を2枚とも確定しましょう。3が4枚で3点、食べるより得です。",
        ),
        expect=("keep",),
    ),
    Step(
        "end",
        t(
            "That was the last pile: the game is over. Each number you kept scores by how many "
            "you have, and each eaten card is 1 point.",
            "最後の山が終わり、ゲーム終了です。"
            "確定した数字ごとに枚数で得点し、食べたカードは1枚1点です。",
        ),
        mark=("result",),
    ),
    Step(
        "score",
        t(
            "Four 3s give you 3, five 5s 5, two 6s cost 1 and your eaten card gives 1: 8 points, "
            "one more than Ken. On a tie, more kept 7s would win, then 6s, and so on.",
            "あなたは3が4枚で3点、5が5枚で5点、6が2枚で−1点、"
            "食べたカード1点、合計8点でケンに1点差の勝ちです。"
            "同点なら確定した7の多い人、次に6…の順で勝ちが決まります。",
        ),
        mark=("final-score-0",),
    ),
)

TUTORIAL = Tutorial(
    game="marie",
    players=3,
    seed=3,
    learner=0,
    names=(t("Sam", "サム"), t("Ken", "ケン"), t("Jiro", "ジロー")),
    steps=STEPS,
    covers={
        "A round/1": "keep",
        "A round/2": "shown",
        "A round/3": "vote",
        "A round/4": "take",
        "A round/5": "decide",
        "A round/6": "next-elder",
        "M1": "pile",
        "M2": "eat",
        "M3": "vote",
        "M4": "decide",
    },
    options={"elder": 0},
)
