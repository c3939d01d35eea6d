"""Return of the Pharaoh (ファラオの帰還, 2nd edition): 2-4 players, auctions of treasures."""

from pygames.core.bots import NoisyBot, RandomBot
from pygames.core.registry import GameInfo, register
from pygames.core.text import t
from pygames.games.pharaoh import page
from pygames.games.pharaoh.bot import PharaohHeuristicBot
from pygames.games.pharaoh.parts import PARTS
from pygames.games.pharaoh.rules import Action, PharaohState

INFO = register(
    GameInfo(
        id="pharaoh",
        titles=t("Return of the Pharaoh", "ファラオの帰還"),
        min_players=2,
        max_players=4,
        minutes=30,
        credits=[
            t("Game design: Shinichi Yogi (与儀新一)", "ゲームデザイン：与儀新一"),
            t("Art: Kuro", "イラスト：Kuro"),
            t("Publisher: 77spiele, 2013 (2nd edition)", "発行：77spiele（2013年、第2版）"),
        ],
        summary=[
            t(
                "You lead an expedition in Egypt. Over 5 rounds, 4 cards a round are auctioned one "
                "by one: treasures (throne, jars, swords, ankhs, gold coins) and flag members. "
                "Everyone starts with members 1 to 5 and two Pharaoh cards (three with 2 players).",
                "エジプト発掘隊の隊長として競りに臨みます。5ラウンドの各ラウンドで4枚の場札（玉座・壺・"
                "剣・アンク・金貨の財宝と旗の隊員）を1枚ずつ競ります。手札は隊員1〜5とファラオカード2枚"
                "（2人なら3枚）で始まります。",
            ),
            t(
                "The holder of the Horus chip starts each auction. On your turn, put members from "
                "your hand in front of you and announce their total, which must beat the highest "
                "so far; the start player's opening bid may add the round number. Or pass: Horus "
                "(once per auction, take the chip and start the next auction), Pharaoh (spend a "
                "Pharaoh card, move every member in the hospital to your tent) or a plain pass.",
                "ホルスチップを持つ人から競りを始めます。手番では手札の隊員を手元に出して合計人数を宣言"
                "し、それまでの最高を上回らなければなりません。スタートプレイヤーの最初の宣言にはラウンド数"
                "を上乗せできます。またはパスします：ホルス（競りごとに1人、チップを取り次の競りの先手に）、"
                "ファラオ（ファラオカードを出し、病院の隊員を全員自分のテントへ）、普通のパス。",
            ),
            t(
                "When all others have passed, the last bidder wins. A treasure's winner sends "
                "their bid members to the hospital; a flag member's winner puts it and their bid "
                "members in their tent, back in hand next round. The other bidders take their "
                "members back. If nobody bids, the card leaves the game.",
                "ほかの全員がパスすると最後の宣言者が勝ちます。財宝を獲得した人の手元の隊員は病院へ、旗の"
                "隊員を獲得した人は、それと手元の隊員をテントへ置き、次のラウンドに手札へ戻します。ほかの"
                "宣言者は隊員を手札に戻します。誰も宣言しなければ場札は除外されます。",
            ),
            t(
                "After round 5 you score 1 point per treasure item, a bonus for different kinds "
                "(2 kinds 1, 3 kinds 3, 4 kinds 6, 5 kinds 10) and 1 point per flag member in hand "
                "and tent. Ties go to the larger sum of members in hand and tent.",
                "5ラウンド後、財宝1個につき1点、種類ボーナス（2種1点、3種3点、4種6点、5種10点）、手札と"
                "テントの旗の隊員1枚につき1点。同点なら手札とテントの隊員の合計が多い方が勝ちです。",
            ),
        ],
        state_class=PharaohState,
        bots={
            "random": RandomBot,
            "easy": lambda: NoisyBot(PharaohHeuristicBot(), 0.35, "easy"),
            "normal": PharaohHeuristicBot,
        },
        default_options={"start": None},
        discrete_moves=page.discrete_moves,
        choices=page.choices,
        compose=page.compose,
        action_picks=page.action_picks,
        waste=page.waste,
        unavailable=page.unavailable,
        parts=PARTS,
    )
)

__all__ = ["INFO", "Action", "PharaohState"]
