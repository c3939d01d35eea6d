"""Marie's Table (マリーの食卓): 3-5 players, a cake-sharing draft."""

from pygames.core.bots import NoisyBot, RandomBot
from pygames.core.registry import GameInfo, register
from pygames.core.text import t
from pygames.games.marie import page
from pygames.games.marie.bot import MarieHeuristicBot
from pygames.games.marie.parts import PARTS
from pygames.games.marie.rules import Action, MarieState

INFO = register(
    GameInfo(
        id="marie",
        titles=t("Marie's Table", "マリーの食卓"),
        min_players=3,
        max_players=5,
        minutes=20,
        credits=[
            t("Game design: Toshihiro Hachisuka (蜂須賀敏浩)", "ゲームデザイン：蜂須賀敏浩"),
            t("Illustration: Omanazaki (オマナザキ)", "イラスト：オマナザキ"),
            t("Publisher: Toydrop (トイドロップ), 2016", "発行：トイドロップ（2016年）"),
        ],
        summary=[
            t(
                "Hungry brothers share cakes numbered 1 to 7. Each round the elder brother opens a "
                "face-down pile, keeps two cards and passes the rest to his left; each brother in "
                "turn keeps two and passes on, and the youngest gets the last two.",
                "1〜7のケーキを兄弟で分け合います。毎ラウンド、兄者が裏向きの山をひとつ選んで2枚を"
                "手元に残し、残りを左隣へ渡します。弟たちも順に2枚ずつ残して渡し、末の弟は最後の2枚を"
                "受け取ります。",
            ),
            t(
                "Everyone reveals his pair and votes at the same time: satisfied or dissatisfied. "
                "With two or more dissatisfied votes, the pairs change hands: the youngest takes "
                "another brother's pair first, and so on up to the elder, who may end up with his "
                "own. Otherwise everyone takes his own pair.",
                "全員が2枚を公開し、一斉に「納得」か「不満」を示します。不満が2人以上なら、末の弟から"
                "順に他の兄弟の2枚を取っていきます（兄者は最後で、自分の2枚しか残っていなければそれを"
                "取ります）。そうでなければ各自が自分の2枚を獲得します。",
            ),
            t(
                "When you take a pair, keep each card face up or eat it for 1 point; you may eat "
                "only two cards in the whole game. The youngest becomes the next elder.",
                "獲得したカードは、表向きに確定させるか、食べて1点にします。食べられるのはゲーム中"
                "2枚までです。次のラウンドの兄者は末の弟です。",
            ),
            t(
                "After the last pile, each number you kept scores by how many you have: 1 card -3, "
                "2 cards -1, 3 cards 1, 4 cards 3, 5 cards 5, 6 cards 6, 7 cards 7, 8 cards 8; "
                "plus 1 per eaten card. Ties go to more kept 7s, then 6s, and so on.",
                "最後の山のあと、確定した同じ数字の枚数で得点します：1枚-3、2枚-1、3枚1、4枚3、"
                "5枚5、6枚6、7枚7、8枚8。食べたカードは1枚1点。同点なら確定した7の枚数、次に6…で"
                "比べます。",
            ),
        ],
        state_class=MarieState,
        bots={
            "random": RandomBot,
            "easy": lambda: NoisyBot(MarieHeuristicBot(), 0.35, "easy"),
            "normal": MarieHeuristicBot,
        },
        default_options={"elder": None},
        discrete_moves=page.discrete_moves,
        waste=page.waste,
        alike=page.alike,
        parts=PARTS,
    )
)

__all__ = ["INFO", "Action", "MarieState"]
