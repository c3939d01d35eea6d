// BAG-GAI: the rules written for learning, in the table's own words. Content only, no rule
// logic (ui/guide.js draws it). The engine's rules: docs/rules/baggai.md.

export default {
  id: 'baggai',
  sections: [
    {
      id: 'goal',
      title: { en: 'The goal', ja: 'ゲームの目的' },
      body: [
        { en: 'It is the bubble era: buy brand bags (Red, Blue, Green) from a shop window over 5 rounds.', ja: 'バブル時代です。5ラウンドの間、ショーウィンドウからブランドバッグ（赤・青・緑）を買い集めます。' },
        { en: 'Victory points (VP) come from the two parties (the largest totals in each brand), Show-off spending, and leftover money at the end. Most VP wins.', ja: '勝利点は2回のパーティー（ブランドごとの合計の上位）、散財自慢、最後に残ったお金から。最も多い人の勝ちです。' },
      ],
    },
    {
      id: 'setup',
      title: { en: 'Setup by player count', ja: '人数ごとの準備' },
      body: [
        {
          table: {
            head: [{ en: 'Players', ja: '人数' }, { en: 'Shop window', ja: 'ショーウィンドウ' }, { en: 'Starting money', ja: '最初の所持金' }],
            rows: [
              ['4', { en: 'Bank L, spots 1–8, Bank R', ja: '左の銀行、1〜8番、右の銀行' }, { en: '¥20; the 3rd player ¥21', ja: '20万、3番目の人は21万' }],
              ['5', { en: 'Bank L, spots 1–9, Bank R', ja: '左の銀行、1〜9番、右の銀行' }, { en: '¥20; the 3rd and 4th ¥21', ja: '20万、3番目と4番目の人は21万' }],
            ],
          },
        },
        { en: '"3rd player" counts from the start player. ¥1 is 10,000 yen. Money is private unless the table turns on Open money (¥? is money you cannot see).', ja: '「3番目」はスタートプレイヤーから数えます。1万=1万円。所持金は非公開です（「お金を公開」がオンなら全員に見えます）。?万は見えないお金です。' },
        { en: 'Each round a new pile of bags is laid out on the spots. With 4 players there are Regular customer cards; with 5 there are none.', ja: '毎ラウンド新しい山のバッグを各番に並べます。4人ではお得意様カードがあり、5人ではありません。' },
      ],
    },
    {
      id: 'turn',
      title: { en: 'A round, step by step', ja: '1ラウンドの流れ' },
      body: [
        {
          steps: [
            { en: 'Range. From the start player, clockwise, each player taps the two ends of one unbroken range of the window (banks included; one spot is fine; ranges may overlap).', ja: '範囲：スタートプレイヤーから時計回りに、ショーウィンドウの連続した範囲の両端をタップします（銀行も含められます。1マスでも、他人と重なってもかまいません）。' },
            { en: 'Secret price. Everyone at once chooses one price per spot, 0 or more. Price × spots in your range must be at most your money: the highest price you can afford is your money divided by your spots, rounded down (¥3 over 6 spots allows only 0).', ja: '秘密の値付け：全員が同時に、1マスあたりの値段（0以上）を決めます。値段×範囲のマス数が所持金以下でなければなりません。出せる最高額は所持金÷マス数（切り捨て）です（3万で6マスなら0だけ）。' },
            { en: 'Order. The highest price buys first (#1). Equal prices: the narrower range first, then whoever chose their range first.', ja: '順番：値段の高い人から購入します（1番目）。同額なら範囲の狭い人、さらに先に範囲を選んだ人から。' },
            { en: 'Buying. Each buyer walks their range left to right. On a bag: they take it and leave their price on the spot. On money: they take all of it and leave their price there.', ja: '購入：各自が範囲を左から順に処理します。バッグなら取って、そのマスに自分の値段を置きます。お金なら全部取って、自分の値段を置きます。' },
            { en: 'Tidying. Bags nobody bought leave the game. Money left on spots slides to the nearer bank. Whoever bought first starts the next round.', ja: '片付け：買われなかったバッグは除外。マスに残ったお金は近い方の銀行へ移ります。最初に購入した人が次のラウンドのスタートです。' },
          ],
        },
        { en: 'The money flow: the price you pay lies on the spot, and a later, cheaper buyer whose range covers it picks it up. Buying money cheaply is how funds grow; a high price buys early but feeds the others.', ja: 'お金の流れ：払った値段はそのマスに残り、後から処理される（安い）人がその範囲で拾います。お金を安く買うのが資金を増やす方法です。高い値段は先に買えますが、他人にお金を渡すことになります。' },
        { en: 'Price 0 takes the money in your range but no bag: the bags stay, and you leave nothing.', ja: '値段0なら範囲のお金は取れますが、バッグは取れません。バッグは残り、何も置きません。' },
        { example: 'baggai', caption: { en: 'A range from Bank L to spot 3 at ¥2 a spot costs ¥8 (4 spots). Buying at ¥2, you take the ¥5 in Bank L and the three bags, and leave ¥2 on each of the 4 spots. A later, cheaper buyer there picks that money up.', ja: '左の銀行から3番までの範囲を1マス2万で買うと、4マスで8万です。左の銀行の5万と3つのバッグを取り、4マスに2万ずつ置きます。後から来る安い人がそのお金を拾います。' } },
        { en: 'Parties after rounds 2 and 5: in each brand, add up the numbers of your bags. 1st and 2nd score 2 and 1 VP after round 2, 6 and 3 VP after round 5. Ties share the points, rounded up.', ja: 'パーティー（第2・第5ラウンドの後）：ブランドごとに自分のバッグの数字を合計します。1位と2位が、第2ラウンド後は2点と1点、第5ラウンド後は6点と3点。同値は点を分け合い、切り上げます。' },
      ],
    },
    {
      id: 'scoring',
      title: { en: 'Special cards and scoring', ja: '特殊カードと得点' },
      body: [
        { list: [
          { en: 'Show-off spending (¥ VP on the bag): no brand; taken at price p it earns p ÷ 2 VP at once, at most 4.', ja: '散財自慢（バッグに¥と点）：ブランドなし。取った値段の半分（切り捨て、最大4点）をすぐに得ます。' },
          { en: 'Regular customer (★ on the bag, 4 players only): a bag worth 1 in its brand. Taking it also takes, free, everything on one spot next to it, left or right, even a bank or outside your range.', ja: 'お得意様（バッグに★、4人のみ）：そのブランドの1点分のバッグ。取ると、左右どちらかの隣のマスの物を無料で取ります（銀行でも、範囲の外でも）。' },
          { en: 'Unknown brand (? on a two-coloured bag): worth 1. When you finish buying, it becomes the brand of its two in which your total is lower (on a tie, you choose).', ja: 'ブランド不明（2色のバッグに?）：1点分。購入を終えたとき、2つのブランドのうち自分の合計が少ない方になります（同じならあなたが選びます）。' },
        ] },
        { en: 'At the end: 1 VP per ¥8 of money.', ja: '終了時：お金8万ごとに1点。' },
      ],
    },
    {
      id: 'end',
      title: { en: 'The end and ties', ja: '終了と同点' },
      body: [
        { en: 'After the party of round 5 and the money points, most VP wins.', ja: '第5ラウンドのパーティーとお金の得点のあと、勝利点が最も多い人の勝ちです。' },
        { en: 'Tied? The one who leads more brands alone (highest total in the brand, nobody equal) wins. Still tied: they share the win.', ja: '同点なら、単独トップのブランドが多い人の勝ち。それでも同点なら勝利を分け合います。' },
      ],
    },
  ],
  glossary: [
    { term: { en: 'Shop window', ja: 'ショーウィンドウ' }, means: { en: 'The row of spots where bags and money lie.', ja: 'バッグとお金が並ぶマスの列。' } },
    { term: { en: 'Spot N', ja: '〇番' }, means: { en: 'One place of the window.', ja: 'ショーウィンドウの1マス。' } },
    { term: { en: 'Bank L', ja: '左の銀行' }, means: { en: 'The spot at the left end: collects the money of spots 1–4 after each round.', ja: '左端のマス。各ラウンドの後、1〜4番のお金が集まります。' } },
    { term: { en: 'Bank R', ja: '右の銀行' }, means: { en: 'The spot at the right end: collects the money of the other spots.', ja: '右端のマス。残りのマスのお金が集まります。' } },
    { term: { en: 'Your range', ja: 'あなたの範囲' }, means: { en: 'The unbroken stretch of spots you buy: you pay your price on every spot of it.', ja: 'あなたが買う連続したマス。そのすべてのマスに値段を払います。' } },
    { term: { en: 'N/spot', ja: '1マス〇' }, means: { en: 'A price per spot.', ja: '1マスあたりの値段。' } },
    { term: { en: '¥N', ja: '〇万' }, means: { en: 'Money: ¥1 is 10,000 yen.', ja: 'お金。1万=1万円。' } },
    { term: { en: '¥?', ja: '?万' }, means: { en: 'Money you cannot see (money is private).', ja: '見えないお金（所持金は非公開）。' } },
    { term: { en: 'Start', ja: 'スタート' }, means: { en: 'The start player: chooses their range first.', ja: 'スタートプレイヤー。最初に範囲を選びます。' } },
    { term: { en: '#N', ja: '〇番目' }, means: { en: 'The buying order of this round.', ja: 'このラウンドの購入の順番。' } },
    { term: { en: 'pricing…', ja: '値付け中…' }, means: { en: 'Still choosing a secret price.', ja: 'まだ秘密の値段を決めています。' } },
    { term: { en: 'price set', ja: '値付け済み' }, means: { en: 'The price is chosen; all show together.', ja: '値段を決めました。全員そろうと公開されます。' } },
    { term: { en: 'Regular customer', ja: 'お得意様' }, means: { en: 'A bag marked ★: whoever takes it also takes one neighbouring spot for free.', ja: '★のバッグ。取った人は隣のマスひとつの物も無料で取ります。' } },
    { term: { en: 'Show-off spending', ja: '散財自慢' }, means: { en: 'A bag marked ¥ VP, of no brand: bought at a price of ¥p a spot, it gives p ÷ 2 VP at once, rounded down (at most 4).', ja: '¥と点のバッグ。ブランドなし。買うとすぐに、1マスの値段の半分の点（切り捨て、最大4点）を得ます。' } },
    { term: { en: 'Unknown brand', ja: 'ブランド不明' }, means: { en: 'A two-coloured bag marked ?: becomes the brand you hold less of.', ja: '?の2色のバッグ。合計の少ない方のブランドになります。' } },
    { term: { en: 'Party', ja: 'パーティー' }, means: { en: 'Brand scoring after rounds 2 and 5: in each brand, the highest total of bag numbers scores 1st place, the next 2nd place (2 and 1 VP after round 2, 6 and 3 VP after round 5). Ties share, rounded up.', ja: '第2・第5ラウンド後のブランドの得点計算。ブランドごとにバッグの数字の合計が最も多い人が1位、次が2位です（第2ラウンド後は2点と1点、第5ラウンド後は6点と3点）。同値は分け合い、切り上げます。' } },
    { term: { en: 'Brand total', ja: 'バッグの数字の合計' }, means: { en: 'On a player, "R 2 1": the brand (R red, B blue, G green), the numbers of their bags of that brand added up (2), and in small their place for the next party (1st).', ja: 'プレイヤーの「赤 2 1」：ブランド（赤・青・緑）、そのブランドのバッグの数字の合計（2）、小さな数字は次のパーティーでの順位（1位）。' } },
    { term: { en: 'Prices and purchases', ja: '値段と購入' }, means: { en: 'One row per buyer, in buying order: their price × their range ("¥5 × 5": ¥5 a spot on spot 5). Then each spot they bought: its number (L, R: the banks), what they took (a bag, +¥ money, · nothing) and → the price they left there (★: taken free).', ja: '購入の順に1人1行：値段×範囲（「5万 × 5」は5番を1マス5万）。続いて購入したマスごとに、番号（左・右は銀行）、取った物（バッグ、+はお金、・は何もなし）、→ そこに置いた値段（★は無料）。' } },
    { term: { en: 'Brand standings', ja: 'ブランド別の順位' }, means: { en: 'Each brand\'s totals and places for the next party.', ja: '次のパーティーに向けたブランドごとの合計と順位。' } },
    { term: { en: 'Piles left', ja: '残りの山' }, means: { en: 'Rounds still to come.', ja: 'これからのラウンド数。' } },
    { mark: 'bg-star', term: { en: '★', ja: '★' }, means: { en: 'On a bag: a Regular customer. In the buying steps: taken for free by a Regular customer.', ja: 'バッグの上：お得意様。購入の記録：お得意様で無料で取ったもの。' } },
    { mark: 'bg-q', term: { en: '?', ja: '?' }, means: { en: 'An Unknown brand bag, not yet fixed.', ja: 'まだ決まっていないブランド不明のバッグ。' } },
    { mark: 'bg-yen', term: { en: '¥ VP', ja: '¥ 点' }, means: { en: 'A Show-off spending bag.', ja: '散財自慢のバッグ。' } },
    { mark: 'flip-last', term: { en: 'Dashed blue outline', ja: '青い点線の枠' }, means: { en: 'What the last bot move changed. It goes away with the next move.', ja: '直前のボットの手で変わったもの。次の手で消えます。' } },
  ],
};
