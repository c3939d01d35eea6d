"""BAG-GAI: 4-5 players, a two-stage auction of brand bags in the bubble years."""

from pygames.core.bots import NoisyBot, RandomBot
from pygames.core.registry import GameInfo, register
from pygames.core.text import t
from pygames.games.baggai import page
from pygames.games.baggai.bot import BagGaiHeuristicBot
from pygames.games.baggai.parts import PARTS
from pygames.games.baggai.rules import Action, BagGaiState

INFO = register(
    GameInfo(
        id="baggai",
        titles=t("BAG-GAI", "BAG-GAI"),
        min_players=4,
        max_players=5,
        minutes=25,
        credits=[
            t("Game design: Kazuto Furuse (古瀬和人), 2016", "ゲームデザイン：古瀬和人（2016年）"),
            t(
                "Tokyo German Game Award, special prize",
                "東京ドイツゲーム賞 特別賞",
            ),
        ],
        summary=[
            t(
                "It is the bubble era and you are newly rich: buy brand bags in red, blue and "
                "green by the armful. Over five rounds a row of bags is set out in a shop window, "
                "with a bank at each end that collects loose money.",
                "舞台はバブル時代。成金となったあなたは、赤・青・緑のブランドバッグを爆買いします。"
                "5ラウンドの間、毎回ショーウィンドウにバッグが並びます。両端にはお金がたまる"
                "銀行があります。",
            ),
            t(
                "In turn order each player points at a stretch of the window, banks included. "
                "Then everyone secretly picks one price per spot that they can afford for the "
                "whole stretch. The highest price is served first (ties: the shorter stretch, then "
                "who chose first), taking what lies on each spot and leaving their price there.",
                "手番順に、ショーウィンドウのどこからどこまでを買うか（銀行も含められます）を決めます。"
                "次に全員が同時に、1か所あたりの金額を決めます（範囲全体を払える額まで）。高い金額の人から"
                "（同額なら範囲の狭い人、さらに先に決めた人から）、範囲の物を取って代わりに金額を置きます。",
            ),
            t(
                "Later buyers take that money and leave their own price: buying money cheaply is "
                "how you grow your funds, and a price of 0 takes money but no bags. Show-off "
                "spending gives points for a high price, Regular customers (★) also take a "
                "neighbouring spot, and unknown-brand bags join the brand you hold less of.",
                "後から処理する人はそのお金を取って自分の金額を置きます。安くお金を買うことが資金を増やす"
                "方法です。0を握るとバッグは買えませんがお金は取れます。散財自慢は高く買うほど勝利点、"
                "お得意様は隣の場所の物も無料で取り、ブランド不明は持っている合計が少ない方のブランドに"
                "なります。",
            ),
            t(
                "Parties after rounds 2 and 5 reward the largest totals in each brand (2 and 1, "
                "then 6 and 3 points; ties share, rounded up). At the end every 8 money is worth "
                "1 point. Most points wins; a tie goes to who leads more brands alone.",
                "2ラウンドと5ラウンドの後のパーティーで、ブランドごとに合計値の多い人が得点します"
                "（2点と1点、最後は6点と3点。同値は分け合い切り上げ）。最後に8万円ごとに1点。"
                "最多得点の人が勝ち、同点なら単独1位のブランドが多い人が勝ちます。",
            ),
        ],
        state_class=BagGaiState,
        bots={
            "random": RandomBot,
            "easy": lambda: NoisyBot(BagGaiHeuristicBot(), 0.3, "easy"),
            "normal": BagGaiHeuristicBot,
        },
        default_options={"start": None, "open_money": False},
        discrete_moves=page.discrete_moves,
        choices=page.choices,
        compose=page.compose,
        action_picks=page.action_picks,
        waste=page.waste,
        parts=PARTS,
    )
)

__all__ = ["INFO", "Action", "BagGaiState"]
