"""The Egyptian Buyer (エジプトの人買い): 3-5 players, all-pay auctions of ten daughters."""

from pygames.core.bots import NoisyBot, RandomBot
from pygames.core.registry import GameInfo, register
from pygames.core.text import t
from pygames.games.hitokai import page
from pygames.games.hitokai.bot import (
    HitokaiBot,
    bid_shortlist,
    state_chances,
    state_points,
    state_round,
)
from pygames.games.hitokai.parts import PARTS
from pygames.games.hitokai.rules import Action, HitokaiState

INFO = register(
    GameInfo(
        id="hitokai",
        titles=t("The Egyptian Buyer", "エジプトの人買い"),
        min_players=3,
        max_players=5,
        minutes=30,
        credits=[
            t("Game design: Toshihiro Hachisuka (蜂須賀敏浩)", "ゲームデザイン：蜂須賀敏浩"),
            t("Publisher: Toydrop (トイドロップ), 2016", "発行：トイドロップ（2016年）"),
            t(
                "Played with the cards of The Egyptian Bride (エジプトの花嫁)",
                "「エジプトの花嫁」のカードを使って遊びます",
            ),
        ],
        summary=[
            t(
                "Each round the 85 cards are dealt out (four 4s, five 5s... thirteen 13s): 25 "
                "each with 3 players, 21 with 4, 17 with 5; the rest stay hidden in the box. "
                "Then the daughters 4 to 13 go up for auction one after the other, lowest first.",
                "毎ラウンド、85枚のカード（4が4枚、5が5枚…13が13枚）を配ります。3人なら25枚、"
                "4人なら21枚、5人なら17枚ずつで、余りは見ずに箱へ戻します。そして4〜13の娘を"
                "小さい順にひとりずつ競りにかけます。",
            ),
            t(
                "Cards are money: 1 gold each, but 2 gold while the daughter of the same number "
                "is on sale. The start player must open with a bid; then, going clockwise, each "
                "player raises or drops out for this auction. The last one left buys the "
                "daughter and starts the next auction. The game's very first start player is "
                "named on the setup page, or drawn at random.",
                "手札がお金です。1枚1金ですが、同じ数字の娘の競りの間だけ2金になります。最初の"
                "手番プレイヤーは必ず入札し、時計回りに、より高く入札するかこの競りから降りるかを"
                "選びます。最後に残った人が娘を買い、次の競りの最初の手番になります。ゲームの"
                "いちばん最初の手番プレイヤーは、セットアップ画面で指定するか、ランダムに決めます。",
            ),
            t(
                "Everyone who bid pays their own last bid, winner or not, with cards they show. "
                "Cards cannot be split, but a payment must not include a card it could do "
                "without. Whoever cannot pay loses their hand and is out of the round, and cannot "
                "score it.",
                "入札した人は全員、落札できなくても自分の最後の入札額を、カードを見せて支払います。"
                "カードは分割できませんが、1枚抜いても足りる払い方はできません。払えない人は"
                "手札を失って脱落し、そのラウンドでは得点できません。",
            ),
            t(
                "After daughter 13, add up the numbers of your daughters plus 1 per 3 cards left "
                "in hand. The single highest total among players not out gets a victory point; "
                "a tie gives none. The first to 2 points wins.",
                "娘13のあと、買った娘の数字の合計に、残った手札3枚につき1点を加えます。脱落して"
                "いない人の中で単独最高の人が1勝点を得ます（同点なら誰も得ません）。先に2勝点を"
                "取った人の勝ちです。",
            ),
        ],
        state_class=HitokaiState,
        bots={
            "random": RandomBot,
            "easy": lambda: NoisyBot(HitokaiBot(), 0.1, "easy"),
            "normal": HitokaiBot,
        },
        default_options={"start": None},
        discrete_moves=page.discrete_moves,
        choices=page.choices,
        compose=page.compose,
        action_picks=page.action_picks,
        waste=page.waste,
        unavailable=page.unavailable,
        values=state_points,
        horizon=state_round,
        chances=state_chances,
        shortlist=bid_shortlist,
        parts=PARTS,
    )
)

__all__ = ["INFO", "Action", "HitokaiState"]
