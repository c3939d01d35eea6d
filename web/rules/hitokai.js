// The Egyptian Buyer (エジプトの人買い): the rules written for learning, in the table's own
// words. Content only, no rule logic (ui/guide.js draws it). The engine's rules:
// docs/rules/hitokai.md.

export default {
  id: 'hitokai',
  sections: [
    {
      id: 'goal',
      title: { en: 'The goal', ja: 'ゲームの目的' },
      body: [
        { en: 'Your cards are your money. In each round you bid them for ten daughters, numbered 4 to 13.', ja: '手札がお金です。各ラウンドで、4〜13の10人の娘を手札で競り落とします。' },
        { en: 'The single highest total of a round earns 1 victory point (VP). The first to 2 VP wins the game.', ja: 'ラウンドの合計が単独最高の人が1勝点を得ます。先に2勝点を取った人の勝ちです。' },
      ],
    },
    {
      id: 'setup',
      title: { en: 'Setup by player count', ja: '人数ごとの準備' },
      body: [
        { en: 'There are 85 cards: four 4s, five 5s, … thirteen 13s. At the start of every round all of them are shuffled and dealt anew:', ja: 'カードは85枚（4が4枚、5が5枚…13が13枚）。毎ラウンドの始めに全部を混ぜて配り直します：' },
        {
          table: {
            head: [{ en: 'Players', ja: '人数' }, { en: 'Cards each', ja: '1人の枚数' }, { en: 'Left out, unseen', ja: '除外（見ない）' }],
            rows: [['3', '25', '10'], ['4', '21', '1'], ['5', '17', '0']],
          },
        },
        { en: 'The first start player is chosen at setup (at random, or the seat you name).', ja: '最初の手番プレイヤーはセットアップで決めます（ランダムか、指定した人）。' },
      ],
    },
    {
      id: 'turn',
      title: { en: 'An auction, step by step', ja: '1回の競りの流れ' },
      body: [
        { en: 'The daughters go up one by one, lowest first: 4, 5, … 13.', ja: '娘は小さい順に1人ずつ競りにかけます：4、5…13。' },
        {
          steps: [
            { en: 'Worth. Each card is worth 1 gold. While daughter k is on sale, every card showing k is worth 2 gold.', ja: '価値：カードは1枚1金。ただし競りにかけている娘と同じ数字のカードは、その競りの間だけ1枚2金です。' },
            { en: 'Open. The start player must bid (1 or more): they cannot Withdraw yet.', ja: '開始：手番プレイヤーは必ず入札します（1以上）。まだ「降りる」は選べません。' },
            { en: 'Bid or Withdraw. Clockwise, each player still In bids more than the bid before, or Withdraws from this auction for good.', ja: '入札か降りる：時計回りに、参加中の人は前より高く入札するか、この競りから降ります（戻れません）。' },
            { en: 'Win. When only one bidder is left, that bidder buys the daughter.', ja: '落札：入札者が1人だけ残ったら、その人が娘を買います。' },
            { en: 'Everyone pays. Every player who bid pays their own last bid, winner or not. A losing bid is simply gone: you get nothing for it.', ja: '全員が支払う：入札した人は全員、落札できなくても自分の最後の入札額を払います。負けた入札は払い損で、何も得られません。' },
            { en: 'Pay with cards. Show cards worth at least your bid. Cards cannot be split, so you may overpay, but you may not add a card you could do without. A card showing the daughter\'s number counts double, so a few of them can pay a large bid.', ja: 'カードで支払う：入札額以上の価値のカードを出します。カードは分けられないので払いすぎは起こりますが、なくても足りるカードを加えることはできません。娘と同じ数字のカードは2倍なので、少ない枚数で大きな額を払えます。' },
            { en: 'Next. The buyer starts the next auction.', ja: '次へ：落札者が次の競りの手番プレイヤーになります。' },
          ],
        },
        { example: 'hitokai', caption: { en: 'Daughter 7 is on sale: your 7s are worth 2 gold each. To pay a bid of 4, two 7s are enough. Adding a 5 would overpay with a card you could do without: not allowed.', ja: '娘7の競り中：7のカードは1枚2金。入札額4は7が2枚で払えます。さらに5を加えると不要なカードでの払いすぎになるので、できません。' } },
        { en: 'Eliminated: a bidder whose whole hand is worth less than their bid loses their hand and sits out the rest of the round. They cannot win its point. Daughters they bought stay theirs.', ja: '脱落：手札全部でも入札額に足りない人は、手札を失い、そのラウンドの残りに参加できません。そのラウンドの勝点は取れません。買った娘はそのまま持っています。' },
        { en: 'Out: a player with no cards left sits out the remaining auctions of the round.', ja: '不参加：手札がなくなった人は、そのラウンドの残りの競りに参加しません。' },
      ],
    },
    {
      id: 'scoring',
      title: { en: 'Scoring a round', ja: 'ラウンドの得点' },
      body: [
        { en: 'After daughter 13 (or when nobody still in the round has cards), each player\'s round total is:', ja: '娘13のあと（またはラウンドに残る全員の手札がなくなったとき）、各自のラウンド合計は：' },
        { list: [
          { en: 'the numbers of the daughters they bought, added up;', ja: '買った娘の数字の合計、' },
          { en: 'plus the hand bonus: 1 for every 3 cards left in hand.', ja: '+手札ボーナス：残り手札3枚ごとに1点。' },
        ] },
        { en: 'The single highest total among the players not eliminated earns 1 VP. If the highest total is shared, nobody gets the point.', ja: '脱落していない人の中で合計が単独最高の人が1勝点を得ます。最高が同点なら誰も得ません。' },
        { en: 'Cards are not kept from round to round: unspent cards only count for the hand bonus.', ja: 'カードは次のラウンドに持ち越せません。使わなかったカードは手札ボーナスにだけ数えます。' },
      ],
    },
    {
      id: 'end',
      title: { en: 'The end', ja: 'ゲームの終了' },
      body: [
        { en: 'The next round is started by the winner of the point (if nobody won it, by the last buyer of the round).', ja: '次のラウンドは勝点を得た人から始めます（誰も得なければ、そのラウンドの最後の落札者から）。' },
        { en: 'The first player to reach 2 VP wins the game.', ja: '先に2勝点に達した人がゲームの勝者です。' },
      ],
    },
  ],
  glossary: [
    { term: { en: 'Daughters', ja: '娘' }, means: { en: 'What is bought: 4 to 13, each worth its number at the end of the round.', ja: '競りで買うもの。4〜13で、ラウンドの終わりにその数字が得点になります。' } },
    { term: { en: 'Now', ja: '競り中' }, means: { en: 'The daughter on sale.', ja: '今競りにかけている娘。' } },
    { term: { en: 'Unsold', ja: '売れ残り' }, means: { en: 'A daughter nobody bought this round.', ja: 'このラウンドで誰も買わなかった娘。' } },
    { term: { en: 'gold', ja: '金' }, means: { en: 'The unit of bids: a card is 1 gold, or 2 gold while the daughter of its number is on sale.', ja: '入札の単位。カード1枚1金、同じ数字の娘の競り中は2金。' } },
    { term: { en: 'Worth N now', ja: '現在の価値 〇' }, means: { en: 'What your whole hand would pay in this auction.', ja: 'この競りで手札全部が払える額。' } },
    { term: { en: 'Bid', ja: '入札' }, means: { en: 'An amount in gold. You pay your last bid even if you lose.', ja: '金の額。負けても最後の入札額を払います。' } },
    { term: { en: 'Quick bid', ja: 'すぐ入札' }, means: { en: 'Bids 1 or 5 more than the current bid at once. To bid another amount, choose it with −5, −1, +1, +5 below, then tap "Bid".', ja: '今の入札より1か5多い額ですぐ入札します。ほかの額は下の−5・−1・+1・+5で選んでから「〇で入札」を押します。' } },
    { term: { en: 'Bid amount', ja: '入札額' }, means: { en: 'From one above the current bid up to what all hands together are worth. The meter is green up to what your hand can pay, red above it.', ja: '今の入札より1多い額から、全員の手札の価値の合計まで選べます。メーターは手札で払える額まで緑、それを超えると赤です。' } },
    { term: { en: 'Withdraw', ja: '降りる' }, means: { en: 'Leave this auction for good. The opener cannot withdraw before their first bid.', ja: 'この競りから抜けます（戻れません）。最初の手番プレイヤーは入札する前には降りられません。' } },
    { term: { en: 'In', ja: '参加中' }, means: { en: 'Still bidding in this auction.', ja: 'この競りでまだ入札できる人。' } },
    { term: { en: 'Withdrawn', ja: '降り' }, means: { en: 'Has left this auction.', ja: 'この競りから降りた人。' } },
    { term: { en: 'Out', ja: '不参加' }, means: { en: 'Takes no part in this auction (no cards left).', ja: 'この競りに参加しない人（手札なし）。' } },
    { term: { en: 'Eliminated', ja: '脱落' }, means: { en: 'Could not pay: no cards and no point for the rest of the round.', ja: '支払えなかった人。そのラウンドの残りは手札なしで、勝点も取れません。' } },
    { term: { en: 'over your hand', ja: '手札超過' }, means: { en: 'A bid more than your hand is worth: if you have to pay it, you are eliminated.', ja: '手札の価値を超える入札。支払うことになれば脱落します。' } },
    { term: { en: 'Quick payment (keeps the most value in hand)', ja: 'かんたん支払い（手札に価値を最も残す）' }, means: { en: 'The allowed payment that leaves the most value in your hand: a rule of thumb of the table, not the coach\'s advice (the Hint may weigh the next auctions and pay otherwise).', ja: '認められる支払いのうち、手札に最も価値を残すもの。卓の目安で、コーチの助言ではありません（ヒントは次の競りも考えて別の払い方を勧めることがあります）。' } },
    { term: { en: 'Bank', ja: '銀行' }, means: { en: 'Where paid cards go: out of the round.', ja: '支払ったカードの行き先。そのラウンドでは戻りません。' } },
    { term: { en: 'Hand bonus', ja: '手札ボーナス' }, means: { en: '1 point per 3 cards left in hand at the end of the round.', ja: 'ラウンド終了時の残り手札3枚ごとに1点。' } },
    { term: { en: 'Round total', ja: 'ラウンド合計' }, means: { en: 'Daughters plus hand bonus, this round.', ja: 'このラウンドの娘+手札ボーナス。' } },
    { term: { en: 'VP', ja: '勝点' }, means: { en: 'Victory points: rounds won. 2 win the game.', ja: '勝ったラウンドの数。2つでゲームに勝ちます。' } },
    { mark: 'flip-last', term: { en: 'Dashed blue outline', ja: '青い点線の枠' }, means: { en: 'What the last bot move changed. It goes away with the next move.', ja: '直前のボットの手で変わったもの。次の手で消えます。' } },
  ],
};
