"""Yadokashi's guided first game: three players, you (seat 0) start, Kai plays after you and Mika
before you (turns go clockwise).

The deal (seed 2182, ``start`` 0) and the scripted seats' moves (the normal bot's own choices for
this deal, kept here as literal entries) make each lesson happen at its turn: a Low roll whose
crabs outgrow their shells and move, an Advance by Kai, Mika choosing where your size-12 crab is
reborn, your New tenants, a free shell to buy, a Rearrange, your own Advance that wins a crab,
your own rebirth choice, and a last Low roll that brings you and Mika to 29 stars at once: the
tie goes to the player whose turn it is, you. Eight turns of yours, no fast-forward: the whole
game is short.
"""

from __future__ import annotations

from pygames.core.text import t
from pygames.tutorials import Compose, Skip, Step, Tutorial

STEPS = (
    Step(
        "welcome",
        t(
            "Welcome to Yadokashi! You play Sam and let shells to hermit crabs: your row is the "
            "run of shells from your piece counterclockwise to the next piece.",
            "ヤドカシへようこそ！あなたはサムとしてヤドカリにヤドを貸す管理人で、自分のコマから"
            "反時計回りに次のコマまでのヤドがあなたの列です。",
        ),
        mark=("ring", "piece-0"),
    ),
    Step(
        "crabs",
        t(
            "A die on a shell is a crab whose size is its face; everyone starts with a crab at "
            "position 2 of their row. With three players shell 13 is added at position 1 of Mika's "
            "row.",
            "ヤドに乗ったダイスがヤドカリで、目がその大きさです。全員が列の2番目のヤドに"
            "ヤドカリ1人を乗せて始め、3人ではミカの列の1番目にヤド13が加わります。",
        ),
        mark=("crab-12", "shell-13"),
    ),
    Step(
        "stars",
        t(
            "Crabs living in your row pay you stars (white 1, blue 3, gold 9; everyone starts "
            "with 1 white). When a turn ends with anyone at 27 ★ (three gold) or more, the game "
            "ends.",
            "自分の列に住むヤドカリが星を払います（白は1、青は3、金は9で、最初は全員白1つ）。"
            "手番の終わりに誰かの★が27（金3つ）以上ならゲーム終了です。",
        ),
        mark=("stars-0", "goal"),
    ),
    Step(
        "move-dice",
        t(
            "Move dice rolls a 12-sided die; everyone takes 1 ★ per crab in their row (income) "
            "before the roll and again after it. Call Low: crabs of the roll's size or less grow "
            "by 1 (High: the roll's size or more).",
            "ヒッコシダイスでは12面ダイスを振り、振る前と後に全員が自分の列のヤドカリ1人につき★1つを"
            "もらいます（収入）。ローを宣言してください（出目以下のヤドカリが1大きくなり、ハイなら出目以上）。",
        ),
        expect=("lo",),
    ),
    Step(
        "moved",
        t(
            "You rolled 5: the crabs on shells 1 and 2 grew to 2 and 3, too big for their shells. "
            "Each moved the way the small position numbers count, to the next empty shell of its "
            "size or one more (shell 1's went nearly all round).",
            "出目は5で、ヤド1と2のヤドカリが2と3になり、ヤドより大きくなりました。それぞれ小さな"
            "位置の数字が増える向きに、同じ大きさか1つ大きい次の空きヤドへ引越します（ヤド1の"
            "ヤドカリはほぼ一周してヤド3へ）。",
        ),
        mark=("crab-3", "crab-4"),
    ),
    Step(
        "kai-advances",
        t(
            "Kai chose Advance: every piece moved one shell clockwise (the table keeps your piece "
            "at the bottom, so the shells turn instead). Your last shell went to Mika, and Kai's "
            "last shell came to you.",
            "カイはゼンシン：全員のコマが時計回りに1つ進みました（画面ではあなたのコマが下に"
            "固定され、ヤドの方が回ります）。あなたの最後のヤドはミカへ、カイの最後のヤドは"
            "あなたへ移りました。",
        ),
        play=("1:adv",),
        mark=("piece-0", "shell-5"),
    ),
    Step(
        "mika-rebirth",
        t(
            "Mika called High and rolled 10, so your size-12 crab, the largest size, grew and left "
            "for the centre. It is reborn on an empty shell 1 or 2, and the player who rolled "
            "chooses: Mika took shell 2, in her row.",
            "ミカがハイで10を出し、あなたの大きさ12（最大の大きさ）のヤドカリが成長して中央へ"
            "戻りました。生まれ変わる先（空いているヤド1か2）は振った人が選ぶので、ミカは自分の"
            "列のヤド2を選びました。",
        ),
        play=("2:hi", "2:re2"),
        mark=("crab-2", "centre"),
    ),
    Step(
        "tenants",
        t(
            "Your turn. New tenants: roll every die in the centre, then put crabs on empty "
            "shells with the numbers rolled.",
            "あなたの番です。ニューキョシャボシュウ：中央のダイスを全部振り、出目と同じ数字の"
            "空きヤドにヤドカリを乗せます。",
        ),
        expect=("new",),
    ),
    Step(
        "tenants-pick",
        t(
            "You rolled 8, 12 and 10: one crab per number, at least one if you can. Choose shells "
            "10 and 12, the two in your row, and confirm.",
            "出目は8、12、10：数字ごとに1人まで、乗せられるなら1人以上です。自分の列の"
            "ヤド10と12を選んで決定してください。",
        ),
        expect=(Compose("tenants", (10, 12)),),
    ),
    Step(
        "kai-high",
        t(
            "Kai called High and rolled 2: every crab of size 2 or more grew, and both of yours "
            "left your row. The crab from shell 2 found no empty shell 3 or 4, so it went back "
            "to the centre.",
            "カイがハイで2を出し、大きさ2以上のヤドカリが全員成長して、あなたの2人は列から"
            "出ていきました。ヤド2のヤドカリは空いているヤド3も4もなかったので、中央へ戻りました。",
        ),
        play=("1:hi",),
        mark=("centre",),
    ),
    Step(
        "buy",
        t(
            "Buy a shell: pay its owner 3, 2 or 1 ★ for position 1, 2 or 3, nothing from "
            "position 4 on. Take Mika's free shell 3 and put it at position 1 of your row (the "
            "dashed box 'pos 1').",
            "ヤドカイ：持ち主に1・2・3番目なら★3・2・1つを払い、4番目以降は無料です。"
            "ミカの無料のヤド3を買い、自分の列の1番目（点線の枠「位置1」）に置いてください。",
        ),
        expect=("b3@1",),
        play=("2:lo",),
    ),
    Step(
        "free-shells",
        t(
            "Mika took Kai's shell 8 for free: it was at position 4 of his row. Your buy pushed "
            "your empty shell 12 back to position 4, so the others may take it for free too.",
            "ミカはカイの列の4番目にあったヤド8を無料で買いました。あなたのヤドカイで空きヤド12が"
            "4番目に下がったので、ほかの人もそれを無料で買えます。",
        ),
        play=("1:lo", "2:b8@1"),
        mark=("shell-8",),
    ),
    Step(
        "rearrange",
        t(
            "Rearrange puts the empty shells of your row in a new order (crabs stay put), so a "
            "growing crab finds a bigger shell in your own row. Tap 3, 9 and 10 in turn (12 takes "
            "the last place), then confirm.",
            "イレカエは自分の列の空きヤドを並べ替え（ヤドカリのいるヤドは動きません）、成長した"
            "ヤドカリが自分の列で大きいヤドを見つけられるようにします。3、9、10の順にタップし"
            "（最後の位置には12が入ります）、決定してください。",
        ),
        expect=(Compose("rearrange", (3, 9, 10)),),
    ),
    Step(
        "advance",
        t(
            "Mika advanced, so your last shell 12 went to her. Now Advance yourself: your empty "
            "last shell goes to Mika, and Kai's last shell 6 comes to you, crab and all.",
            "ミカのゼンシンで、あなたの最後のヤド12はミカへ移りました。今度はあなたが"
            "ゼンシン：空いた最後のヤドはミカへ、カイの最後のヤド6はヤドカリごとあなたへ来ます。",
        ),
        expect=("adv",),
        play=("1:b7@1", "2:adv"),
    ),
    Step(
        "free-taken",
        t(
            "Kai rolled High: your crabs grew and moved into Kai's and Mika's shells. Then Mika "
            "took your empty shell 5 for free, from position 4.",
            "カイのハイで、あなたのヤドカリは成長してカイとミカのヤドへ引越しました。さらに"
            "ミカが、4番目にあったあなたの空きヤド5を無料で買いました。",
        ),
        play=("1:hi", "2:b5@1"),
        mark=("shell-5",),
    ),
    Step(
        "high-twelve",
        t(
            "Your row is empty, but Kai has a crab of size 12 on shell 13. Call High: a size-12 "
            "crab grows on every High roll and leaves for the centre.",
            "あなたの列は空ですが、カイのヤド13に大きさ12のヤドカリがいます。ハイを宣言して"
            "ください：大きさ12のヤドカリはハイなら必ず成長し、中央へ戻ります。",
        ),
        expect=("hi",),
        mark=("crab-13",),
    ),
    Step(
        "reborn",
        t(
            "You rolled, so you choose where the size-12 crab is reborn: an empty shell 1 or 2. "
            "Take shell 1, in your row.",
            "振ったのはあなたなので、大きさ12のヤドカリの生まれ変わり先（空いているヤド1か2）"
            "はあなたが選びます。自分の列のヤド1にしてください。",
        ),
        expect=("re1",),
    ),
    Step(
        "low",
        t(
            "The crab from Kai's shell 4 moved into your shell 6: two crabs pay you now. Call Low "
            "this time.",
            "カイのヤド4のヤドカリがあなたのヤド6へ引越し、あなたのヤドカリは2人になりました。"
            "今度はローを宣言してください。",
        ),
        expect=("lo",),
        play=("1:b11@1", "2:b4@1"),
    ),
    Step(
        "last-roll",
        t(
            "Crabs moved into your shells 3 and 9: three crabs pay you at each income. You have "
            "24 ★ and Mika 26: call Low again.",
            "ヤドカリがヤド3と9に入り、収入は3人分になりました（あなたは★24、ミカは★26）。"
            "もう一度ローを宣言してください。",
        ),
        expect=("lo",),
        play=("1:b12@1", "2:lo"),
        mark=("stars-0", "stars-2"),
    ),
    Step(
        "the-end",
        t(
            "The incomes brought you and Mika to 29 ★ each: of those at 27 or more, the most stars "
            "wins. A tie goes to the player whose turn it was, so you win!",
            "収入であなたもミカも★29になりました。27以上の人のうち星の多い人が勝ちで、"
            "同数なら手番の人が勝つので、あなたの勝ちです！",
        ),
        mark=("stars-0", "stars-2"),
    ),
)

TUTORIAL = Tutorial(
    game="yadokashi",
    players=3,
    seed=2182,
    learner=0,
    names=(t("Sam", "サム"), t("Kai", "カイ"), t("Mika", "ミカ")),
    steps=STEPS,
    covers={
        "Setup/1": "welcome",
        "Setup/2": "crabs",
        "Setup/3": "crabs",
        "Setup/4": "stars",
        "A turn/1": "move-dice",
        "A turn/2": "kai-advances",
        "A turn/3": "buy",
        "A turn/4": "rearrange",
        "A turn/5": "tenants",
        "Y1": "stars",
        "Y2": "move-dice",
        "Y3": Skip(
            "crabs of the same size moving on one roll is rare; their order (ring order from the "
            "roller's position 1) never changes a beginner's choice"
        ),
        "Y4": Skip(
            "several size-12 crabs leaving on one roll is rare; the steps mika-rebirth and reborn "
            "teach the single rebirth and that the roller chooses"
        ),
        "Y5": "tenants-pick",
        "Y6": "rearrange",
        "Y7": "buy",
        "Y8": Skip("the engine's safeguard cap of turns is no rule of the game and never reached"),
        "Y9": Skip(
            "this deal never empties the centre with New tenants; the table's New tenants panel "
            "says which crab would go back when it does"
        ),
        "Y10": Skip("the engine's safeguard cap of turns is no rule of the game and never reached"),
    },
    options={"start": 0},
)
