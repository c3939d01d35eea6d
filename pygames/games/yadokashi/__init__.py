"""Yadokashi (ヤドカシ): 3-4 players, landlords of hermit-crab shells."""

from pygames.core.bots import NoisyBot, RandomBot
from pygames.core.registry import GameInfo, register
from pygames.core.text import t
from pygames.games.yadokashi import page
from pygames.games.yadokashi.bot import YadokashiHeuristicBot, state_chances, state_values
from pygames.games.yadokashi.parts import PARTS
from pygames.games.yadokashi.rules import Action, YadokashiState

INFO = register(
    GameInfo(
        id="yadokashi",
        titles=t("Yadokashi", "ヤドカシ"),
        min_players=3,
        max_players=4,
        minutes=30,
        hidden=False,
        credits=[
            t(
                "Game design: yio / イリクンデ (yirli'kumde)",
                "ゲームデザイン：yio / イリクンデ（yirli'kumde）",
            ),
            t(
                "Published by the designer, yio (yukinohana.net/~yea)",
                "発行：作者 yio（yukinohana.net/~yea）",
            ),
        ],
        summary=[
            t(
                "You are landlords of hermit-crab shells. Shells 1 to 12 are shuffled into a "
                "ring, and shell 13 is added with 3 players (13 shells), shells 13 to 16 with 4 "
                "(16 shells). Each player owns the run of shells from their piece counterclockwise "
                "to the next piece. Six 12-sided dice are the crabs: a die on a shell is a crab "
                "whose size is its face.",
                "プレイヤーはヤドカリたちのヤドの管理人です。1〜12のヤドカードを混ぜて輪に並べ、"
                "3人なら13を、4人なら13〜16を加えます（3人で13枚、4人で16枚）。自分のコマから"
                "反時計回りに次のコマまでのヤドが自分のものです。12面ダイス6個がヤドカリで、"
                "ヤドに乗ったダイスの目がヤドカリの大きさです。",
            ),
            t(
                "On your turn do one thing. Move dice: everyone collects a star per crab in their "
                "row, you call High or Low and roll; crabs at or above (or at or below) the roll "
                "grow, a size-12 crab leaves and may be reborn on an empty shell 1 or 2, and "
                "crabs too big for their shell move counterclockwise to the first empty shell of "
                "their size or one larger (else back to the centre); then everyone collects "
                "again.",
                "手番には1つだけ行います。ヒッコシダイス：全員が自分のヤドのヤドカリ1人につき星を"
                "1つもらい、ハイかローを宣言してダイスを振ります。出目以上（ローなら以下）の"
                "ヤドカリが成長し、12から成長したヤドカリは中央へ戻って空いている1か2のヤドに"
                "生まれ変わります。ヤドより大きくなったヤドカリは反時計回りに、同じ大きさか1つ"
                "大きい最初の空きヤドへ引越します（なければ中央へ）。最後にもう一度全員が星を"
                "もらいます。",
            ),
            t(
                "Or Advance (every piece moves one shell clockwise, so each row gains a shell and "
                "loses its last one), Buy an empty shell from another row (3, 2, 1 or 0 stars to "
                "its owner by its position, placed anywhere in your row), Rearrange your empty "
                "shells, or call New tenants: roll the dice of the centre and put at least one "
                "(if any can go) on an empty shell of the same number. If that empties the "
                "centre, the largest crab not placed this turn (every one of that size) goes back "
                "to it; if every crab on the ring was placed this turn, the largest of those goes "
                "back, so the centre is never left empty.",
                "ほかに、ゼンシン（全員のコマが時計回りに1つ進み、各自のヤドが1つ増えて1つ減る）、"
                "ヤドカイ（他人の空きヤドを位置に応じて星3・2・1・0つで買い、自分の並びの好きな"
                "位置に加える）、イレカエ（自分の空きヤドの並べ替え）、ニューキョシャボシュウ"
                "（中央のダイスを振り、同じ数の空きヤドに乗せられるなら1つ以上乗せる。中央が"
                "空になったら、この手番に乗せたものを除いて最も大きいヤドカリ（同じ大きさなら"
                "全員）が中央へ戻る。輪のヤドカリが全員この手番に乗せたものなら、その中で最も"
                "大きいヤドカリが戻るので、中央が空のままになることはない）があります。",
            ),
            t(
                "A white star is 1, a blue 3 and a gold 9. When a turn ends with anyone at 27 or "
                "more, the game ends: among those players the one with most stars wins, and a "
                "tie goes to the player whose turn it was, then on clockwise.",
                "白の星は1、青は3、金は9にあたります。手番の終わりに誰かの星が27以上なら終了で、"
                "27以上のプレイヤーのうち星の最も多いプレイヤーの勝ちです。同数なら手番"
                "プレイヤー、その左隣…の順に優先します。",
            ),
        ],
        state_class=YadokashiState,
        bots={
            "random": RandomBot,
            "easy": lambda: NoisyBot(YadokashiHeuristicBot(), 0.35, "easy"),
            "normal": YadokashiHeuristicBot,
        },
        default_options={"start": None},
        discrete_moves=page.discrete_moves,
        choices=page.choices,
        compose=page.compose,
        action_picks=page.action_picks,
        # a whole rollout is about 130 heuristic moves, too dear for the strong bot's budget
        values=state_values,
        # rollouts cut after 8 plies and scored by each seat's chance to win from there: the
        # leaders by value 16 plies on (a 0 or 1) were too noisy for the review to see a choice's
        # cost of a few points in 250 iterations (issue 32)
        cut=8,
        chances=state_chances,
        parts=PARTS,
    )
)

__all__ = ["INFO", "Action", "YadokashiState"]
