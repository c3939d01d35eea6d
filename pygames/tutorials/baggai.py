"""BAG-GAI's guided first game: four seats, the learner starts (seat 0), a fixed deal (seed 11).

The line of play, round by round (the opponents' moves are sensible ones, chosen by hand so that
each lesson happens; rounds 3 and 4 are the normal bot's play for all four seats, fast-forwarded):

- Round 1: the learner takes a green 2 and a red 2 (spots 6-7) at ¥4 a spot. Mika buys first,
  a Show-off spending bag at ¥5; Ken's Regular customer takes the green 1 left of it, outside his
  range; Sora, cheapest, buys last and picks up the ¥4s the learner left. The unsold red Regular
  customer leaves the game, and the money goes to the banks.
- Round 2: with ¥12 the learner takes spot 6 to Bank R (4 spots: at most ¥3 a spot) at ¥2, ties
  with Sora's wider range and buys before her; the learner's blue Regular customer takes the red
  1 outside the range (Mika's ¥8 on spot 7 comes anyway: taking it free would gain nothing), and
  Bank R's ¥3. Ken's Unknown brand bag becomes blue. The first party: the learner scores 5 VP.
- Rounds 3-4 skipped. Round 5: nobody else covers spots 7-8, so the learner buys the red 2 and
  green 3 at ¥1 a spot and keeps ¥18 (2 VP); Mika takes Bank L at ¥0. The last party (a tie for
  red shares 6 + 3) and the money points: the learner wins with 22 VP to 15, 9 and 7.
"""

from __future__ import annotations

from pygames.core.text import t
from pygames.tutorials import Compose, Step, Tutorial

RANGE = "range"
#: spot indices of the range choice: 0 is Bank L, 9 Bank R (4 players: spots 1..8)
BANK_R = 9

#: rounds 3 and 4, played by the normal bot for every seat (the learner's too)
ROUNDS_3_4 = (
    *("1:r4-R", "2:rL-5", "3:rL-R", "0:r3-R", "1:p0", "2:p1", "3:p2", "0:p2", "0:uBG=B"),
    *("0:rL-6", "1:r2-8", "2:rL-4", "3:rL-8", "1:p1", "2:p2", "3:p3", "0:p1"),
)

STEPS = (
    Step(
        "welcome",
        t(
            "Welcome to BAG-GAI! You play Sam: over five rounds you buy red, blue and green "
            "bags from this shop window, with a bank at each end, and collect victory points (VP).",
            "BAG-GAIへようこそ！ あなたはサムとして、5ラウンドの間、両端に銀行があるこの"
            "ショーウィンドウから赤・青・緑のバッグを買い、勝利点を集めます。",
        ),
        mark=("window",),
    ),
    Step(
        "r1-range",
        t(
            "Each round, everyone picks one range of spots in turn, from the start player, then "
            "pays a price for each spot of it. You start: tap spot 6, then spot 7 (a green 2 and "
            "a red 2), and confirm.",
            "毎ラウンド、スタートプレイヤーから順に範囲をひとつ選び、あとでその1マスごとに値段を"
            "払います。今はあなたがスタートなので、6番と7番（緑2と赤2）をタップして決定してください。",
        ),
        expect=(Compose(RANGE, (6, 7)), Compose(RANGE, (7, 6))),
    ),
    Step(
        "r1-price",
        t(
            "Now everyone chooses a price per spot, in secret: price × spots must fit your "
            "money. Choose ¥4 (2 spots × ¥4 = ¥8 of your ¥20).",
            "次は全員が秘密で1マスの値段を決めます（値段×マス数は所持金まで）。4万を選んで"
            "ください（2マスで8万、所持金は20万）。",
        ),
        expect=("p4",),
        play=("1:r5", "2:r2-4", "3:r5-7", "1:p5", "2:p2", "3:p1"),
    ),
    Step(
        "r1-order",
        t(
            "The prices are shown, and the highest price buys first: Mika (¥5), you (¥4), "
            "Ken (¥2), then Sora (¥1). The table below lists the purchases, one row per buyer.",
            "値段が公開され、高い人から、ミカ（5万）、あなた（4万）、ケン（2万）、ソラ（1万）の"
            "順に購入します。下の表には、購入した人ごとに1行ずつ記録されます。",
        ),
        mark=("reveal",),
    ),
    Step(
        "r1-row",
        t(
            "Mika's row: ¥5 × 5 is ¥5 a spot on spot 5. Then what she did on spot 5: she took "
            "the Show-off spending bag, worth ¥5 ÷ 2 = 2 VP at once, and left her ¥5 there (→¥5).",
            "ミカの行の「5万 × 5」は、5番を1マス5万で買ったことです。続く5番の欄は、取った"
            "散財自慢のバッグ（すぐに5万÷2で2勝利点）と、そこに置いた5万（→5万）です。",
        ),
        mark=("reveal-row-1",),
    ),
    Step(
        "r1-free",
        t(
            "Ken's ★ Regular customer took the green 1 on spot 1 next to it, for free (★), "
            "outside his range. Sora bought last and round 1 ended: its row stays in the table.",
            "ケンの★のお得意様は、範囲の外でも隣の1番の緑1を無料で取りました（★）。最後にソラが"
            "購入して第1ラウンドが終わり、その記録は表に残ります。",
        ),
        play=("2:fL",),
        mark=("reveal-row-2",),
    ),
    Step(
        "r1-pay",
        t(
            "So each buyer takes what lies on their spots and leaves their price on each. Ranges "
            "may overlap: Sora, last at ¥1, took your ¥4 on spots 6 and 7 (+¥4) and left ¥1 (→¥1).",
            "このように、購入では範囲のマスにある物を取り、各マスに自分の値段を置きます。範囲は"
            "重なってもよく、最後に1万で買ったソラは6番と7番のあなたの4万を取り（+4万）、"
            "1万を置きました（→1万）。",
        ),
        mark=("reveal-row-3",),
    ),
    Step(
        "tidy",
        t(
            "Round 2: Mika bought first, so she starts. The unsold bag left the game; the money "
            "left on spots 1–4 went to Bank L (¥6), on spots 5–8 to Bank R (¥3).",
            "第2ラウンドは、最初に購入したミカがスタートです。売れ残りのバッグは除外され、"
            "1〜4番に残ったお金は左の銀行（6万）へ、5〜8番のお金は右の銀行（3万）へ移りました。",
        ),
        mark=("spot-L", "spot-R"),
    ),
    Step(
        "r2-range",
        t(
            "A range may include a bank (you take its money): tap spot 6, then Bank R. Mika chose "
            "the Show-off spending bag on spot 7: if she buys first, you pick up the price she "
            "leaves there.",
            "範囲には銀行も含められるので（お金を取れます）、6番と右の銀行をタップしてください。"
            "7番の散財自慢はミカも選びましたが、ミカが先に買えば、そこに置いた値段をあなたが取れます。",
        ),
        expect=(Compose(RANGE, (6, BANK_R)), Compose(RANGE, (BANK_R, 6))),
        play=("1:r7", "2:r1-3", "3:rL-5"),
    ),
    Step(
        "r2-price",
        t(
            "Only you see your money: ¥12 for 4 spots allows ¥3 a spot at most. Choose ¥2: it "
            "costs ¥8, not ¥12, and on equal prices the shorter range buys first.",
            "所持金（自分にしか見えません）は12万、4マスなら1マス3万までです。払うのは12万でなく"
            "8万で、同額なら範囲の狭い人が先に買えるので、2万を選んでください。",
        ),
        expect=("p2",),
        play=("1:p8", "2:p3", "3:p2"),
    ),
    Step(
        "r2-order",
        t(
            "You and Sora both offered ¥2: your range (4 spots) is shorter than hers, so you buy "
            "before her.",
            "あなたとソラは同じ2万ですが、あなたの範囲（4マス）の方が狭いので、あなたが先に購入します。",
        ),
        mark=("reveal",),
    ),
    Step(
        "r2-free",
        t(
            "Your ★ Regular customer also takes, for free, what lies on one spot next to it, even "
            "outside your range. Take the red 1 on spot 5: you reach Mika's ¥8 on spot 7 anyway.",
            "あなたの★のお得意様は、範囲の外でも隣のマスひとつの物を無料で取ります。5番の赤1を"
            "取ってください（7番のミカの8万は、どのみちあなたが取ります）。",
        ),
        expect=("fL",),
    ),
    Step(
        "r2-back",
        t(
            "You paid ¥8 (¥2 on 4 spots) and took ¥11: Mika's ¥8 and Bank R's ¥3. Buying "
            "cheaply after the others is how money grows.",
            "あなたは8万（4マスに2万ずつ）払い、ミカの8万と右の銀行の3万で11万を取りました。"
            "他の人の後に安く買うのが、お金を増やす方法です。",
        ),
        mark=("reveal", "money-0"),
    ),
    Step(
        "r2-unknown",
        t(
            "Ken's Unknown brand bag (?) became blue, the brand he held less of (red 3, blue 2). "
            "It counts 1, like a Regular customer; Show-off spending counts in no brand.",
            "ケンのブランド不明（?）は、合計の少ない方の青になりました（赤3、青2）。お得意様と同じく"
            "1点分で、散財自慢はどのブランドにも数えません。",
        ),
        mark=("bags-2",),
    ),
    Step(
        "party-1",
        t(
            "After round 2, a party: in each brand, the highest total of bag numbers (a seat's "
            "chip, its place in small) scores 2 VP, the second 1 VP. You tied Ken in red and "
            "green: 2 + 1 shared, rounded up, is 2 VP each.",
            "第2ラウンドの後のパーティーでは、ブランドごとのバッグの数字の合計（席のチップ、小さい"
            "数字は順位）が1位なら2点、2位なら1点です。赤と緑はケンと同点なので2+1を分け合い、"
            "切り上げで2点ずつです。",
        ),
        mark=("majority", "vp-0"),
    ),
    Step(
        "skip",
        t(
            "We skip to round 5, the last one: rounds 3 and 4 were played for you. Rounds 3 to 5 "
            "each bring a bag numbered 3.",
            "第3・第4ラウンドは自動で進め、最終の第5ラウンドに来ました。第3〜第5ラウンドには、"
            "数字3のバッグが1枚ずつあります。",
        ),
        play=ROUNDS_3_4,
        fast=True,
        mark=("bags-0",),
    ),
    Step(
        "r5-range",
        t(
            "Sora starts and picked spots 1 to 5. Tap spot 7, then spot 8: a red 2 and the "
            "green 3.",
            "スタートのソラは1〜5番を選びました。7番と8番（赤2と緑3）をタップしてください。",
        ),
        expect=(Compose(RANGE, (7, 8)), Compose(RANGE, (8, 7))),
        play=("3:r1-5",),
    ),
    Step(
        "r5-price",
        t(
            "No other range covers spots 7 and 8, so ¥1 a spot buys them. Every ¥8 you keep is "
            "worth 1 VP at the end: choose ¥1.",
            "7番と8番は他の誰の範囲にも入っていないので、1マス1万で買えます。最後に残ったお金は"
            "8万ごとに1点なので、1万を選んでください。",
        ),
        expect=("p1",),
        play=("1:rL", "2:r6", "3:p2", "1:p0", "2:p3"),
    ),
    Step(
        "r5-zero",
        t(
            "Mika offered ¥0 for Bank L alone: a price of 0 buys no bag, but she took the bank's "
            "¥5 for nothing.",
            "ミカは左の銀行だけを0で買いました。値段0ではバッグは買えませんが、銀行の5万を"
            "ただで取りました。",
        ),
        mark=("result",),
    ),
    Step(
        "party-2",
        t(
            "The last party scores 6 VP and 3 VP in each brand. You and Sora tie in red and share "
            "6 + 3: 5 VP each.",
            "最後のパーティーは各ブランド6点と3点です。赤はあなたとソラが同点なので、6+3を分け合い"
            "5点ずつです。",
        ),
        mark=("result",),
    ),
    Step(
        "end",
        t(
            "Then every ¥8 is worth 1 VP (your ¥18: 2 VP), and the most VP wins. If VP are "
            "tied, the player who leads the most brands alone wins.",
            "最後にお金8万ごとに1点（あなたの18万は2点）で、勝利点の最も多い人の勝ちです。同点なら、"
            "単独1位のブランドが最も多い人の勝ちです。",
        ),
        mark=("result",),
    ),
)

ROUND = "A round (there are five)"

TUTORIAL = Tutorial(
    game="baggai",
    players=4,
    seed=11,
    learner=0,
    names=(t("Sam", "サム"), t("Mika", "ミカ"), t("Ken", "ケン"), t("Sora", "ソラ")),
    steps=STEPS,
    covers={
        f"{ROUND}/1": "welcome",
        f"{ROUND}/2": "r1-range",
        f"{ROUND}/3": "r1-price",
        f"{ROUND}/4": "r1-order",
        f"{ROUND}/5": "r1-pay",
        f"{ROUND}/6": "party-1",
        f"{ROUND}/7": "tidy",
        "B10": "party-1",
        "B11": "r2-unknown",
        "B12": "r2-unknown",
        "B13": "r2-range",
        "B14": "r5-zero",
        "B15": "r2-price",
        "B16": "r2-free",
    },
    options={"start": 0},
)

__all__ = ["TUTORIAL"]
