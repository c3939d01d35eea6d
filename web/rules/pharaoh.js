// Return of the Pharaoh (ファラオの帰還): the rules written for learning, in the table's own
// words. Content only, no rule logic (ui/guide.js draws it). The engine's rules:
// docs/rules/pharaoh.md.

export default {
  id: 'pharaoh',
  sections: [
    {
      id: 'goal',
      title: { en: 'The goal', ja: 'ゲームの目的' },
      body: [
        { en: 'You lead an expedition. You bid your team members for treasures and new flag members in 20 auctions (5 rounds of 4).', ja: 'あなたは発掘隊の隊長です。20回の競り（4回×5ラウンド）で、隊員を出して財宝や新しい旗の隊員を獲得します。' },
        { en: 'Most points after round 5 wins: treasure items, a bonus for different kinds, and flag members.', ja: '5ラウンド後に得点（財宝の個数、種類ボーナス、旗の隊員）が最も多い人の勝ちです。' },
      ],
    },
    {
      id: 'setup',
      title: { en: 'Setup by player count', ja: '人数ごとの準備' },
      body: [
        { list: [
          { en: 'Every player: members 1, 2, 3, 4 and 5 in hand, and an empty tent.', ja: '全員：手札に隊員1〜5、空のテント。' },
          { en: 'Pharaoh cards: 2 each with 3 or 4 players, 3 each with 2 players.', ja: 'ファラオカード：3〜4人なら1人2枚、2人なら1人3枚。' },
          { en: 'The deck: 15 treasures and 5 flag members (3 to 7), shuffled. 4 cards are turned up as the round\'s Offer.', ja: '山札：財宝15枚と旗の隊員5枚（3〜7）を混ぜます。4枚を表にしてそのラウンドの場札にします。' },
          { en: 'The first holder of the Horus chip is chosen at setup (at random, or the seat you name). The Hospital starts empty.', ja: '最初にホルスチップを持つ人はセットアップで決めます（ランダムか、指定した人）。病院は空で始まります。' },
        ] },
      ],
    },
    {
      id: 'turn',
      title: { en: 'An auction, step by step', ja: '1回の競りの流れ' },
      body: [
        { en: 'The Offer\'s cards are auctioned left to right. The Horus chip\'s holder starts each auction; turns go clockwise, and you may have several turns in one auction. On your turn, declare or pass.', ja: '場札を左から順に競ります。ホルスチップを持つ人が各競りのスタートで、時計回りに進み、1回の競りで何度も手番が来ます。手番では宣言するかパスします。' },
        {
          steps: [
            { en: 'Declare. Put members from your hand in front of you and declare the sum of all members in front of you. It must beat the highest declaration. Cards in front cannot be taken back.', ja: '宣言：手札の隊員を手元に出し、手元の隊員の合計を宣言します。それまでの最高を上回る必要があります。出した隊員は戻せません。' },
            { en: 'Round bonus. The start player\'s first declaration may add the round number (+1 in round 1 … +5 in round 5).', ja: 'ラウンドボーナス：スタートプレイヤーの最初の宣言には、ラウンド数（第1ラウンドは+1…第5ラウンドは+5）を加えられます。' },
            { en: 'Or pass. A pass ends your part in this auction. There are three passes:', ja: 'またはパス：パスしたらこの競りにはもう参加しません。パスは3種類です：' },
          ],
        },
        { list: [
          { en: 'Horus pass: take the Horus chip (or keep it): you start the next auctions. Only one player per auction may make it.', ja: 'ホルスパス：ホルスチップを取る（または持ち続ける）。次の競りからあなたがスタートです。1回の競りで1人だけ。' },
          { en: 'Pharaoh pass: spend a Pharaoh card and move EVERY member in the Hospital, whoever they belonged to, to your tent. They are yours from then on. With an empty Hospital the card is wasted.', ja: 'ファラオパス：ファラオカードを1枚使い、病院の隊員を「誰のものでも全員」自分のテントへ移します。以後その隊員はあなたのものです。病院が空なら、カードを無駄にするだけです。' },
          { en: 'Pass: nothing happens.', ja: 'パス：何も起きません。' },
        ] },
        { en: 'When all but one have passed, the last declarer wins the card. If nobody declared, the last player may still declare; if they pass too, the card is Removed.', ja: '1人を残して全員がパスすると、最後の宣言者がその札を獲得します。誰も宣言していなければ残った人はまだ宣言できます。その人もパスすれば、札は除外されます。' },
        { list: [
          { en: 'Won a treasure: your members in front go to the Hospital. They stay there, round after round, until someone\'s Pharaoh pass takes them.', ja: '財宝を獲得：手元の隊員は病院へ。誰かのファラオパスで移されるまで、ラウンドをまたいでずっとそこにいます。' },
          { en: 'Won a flag member: it and your members in front go to your tent. At the end of the round the tent goes back to your hand.', ja: '旗の隊員を獲得：その隊員と手元の隊員を自分のテントへ。ラウンドの終わりにテントの隊員は手札に戻ります。' },
          { en: 'Everyone else who declared takes their members back.', ja: 'ほかの宣言者は手元の隊員を手札に戻します。' },
        ] },
        { example: 'pharaoh', caption: { en: 'The Hospital holds members 1, 4 and 5 of two players. A Pharaoh pass puts all three in the passer\'s tent: they join that player\'s hand next round, and their owners never get them back.', ja: '病院には、2人のプレイヤーの隊員1・4・5がいます。ファラオパスをした人のテントに3人とも移り、次のラウンドからその人の手札になります。元の持ち主には戻りません。' } },
      ],
    },
    {
      id: 'scoring',
      title: { en: 'Scoring', ja: '得点' },
      body: [
        { list: [
          { en: '1 point per item on your treasures (a card with 3 swords is 3 points).', ja: '財宝の個数1つにつき1点（剣3本の札なら3点）。' },
          { en: 'Kinds bonus for different treasure kinds: 2 kinds 1, 3 kinds 3, 4 kinds 6, 5 kinds 10.', ja: '種類ボーナス：2種類1点、3種類3点、4種類6点、5種類10点。' },
          { en: '1 point per flag member in your hand and tent.', ja: '手札とテントの旗の隊員1枚につき1点。' },
        ] },
        { en: 'The five kinds: Throne, Jars, Swords, Ankhs, Gold coins.', ja: '財宝は5種類：玉座、壺、剣、アンク、金貨。' },
      ],
    },
    {
      id: 'end',
      title: { en: 'The end and ties', ja: '終了と同点' },
      body: [
        { en: 'The game ends after the 4th auction of round 5. The highest total wins.', ja: '第5ラウンドの4回目の競りのあとにゲーム終了。合計点が最も高い人の勝ちです。' },
        { en: 'Tied? The one whose members in hand and tent add up to more wins. Still tied: they share the win.', ja: '同点なら、手札とテントの隊員の数字の合計が多い人の勝ち。それでも同点なら勝利を分け合います。' },
      ],
    },
  ],
  glossary: [
    { term: { en: 'Offer', ja: '場札' }, means: { en: 'The 4 cards of this round, auctioned left to right.', ja: 'このラウンドの4枚。左から順に競ります。' } },
    { term: { en: 'Now', ja: '競り中' }, means: { en: 'The card being auctioned.', ja: '今競っている札。' } },
    { term: { en: 'Removed', ja: '除外' }, means: { en: 'Nobody declared: the card left the game.', ja: '誰も宣言しなかったので、その札はゲームから除かれました。' } },
    { term: { en: 'Member', ja: '隊員' }, means: { en: 'Your bidding cards, worth their number.', ja: '宣言に使うカード。数字がその人数です。' } },
    { term: { en: 'Flag member', ja: '旗の隊員' }, means: { en: 'A member with a flag (3 to 7): bids like any member, and is 1 point at the end if in your hand or tent.', ja: '旗のついた隊員（3〜7）。普通の隊員と同じく宣言に使え、最後に手札かテントにあれば1点。' } },
    { term: { en: 'Hospital', ja: '病院' }, means: { en: 'Shared by everyone: members who won a treasure wait here until a Pharaoh pass takes them all. "3 cards · sum 11": 3 member cards whose numbers add up to 11.', ja: '全員共通。財宝を獲得した隊員がここで待ち、ファラオパスで全員まとめて連れ出されます。「3枚・合計11」は隊員カード3枚で、数字の合計が11。' } },
    // (a beginner met 手元 in the lesson and the declaration's sums, and found it nowhere)
    { term: { en: 'In front', ja: '手元' }, means: { en: 'The members a player has put in front of them in this auction: their declaration is the sum. They go back to the hand, to the hospital or to the tent when the auction ends.', ja: 'この競りで自分の前に出した隊員。宣言はその合計です。競りが終わると、手札・病院・テントのどこかへ移ります。' } },
    { term: { en: 'Tent', ja: 'テント' }, means: { en: 'Your members resting until the round ends; then they go back to your hand.', ja: 'ラウンドの終わりまで休む自分の隊員。終わると手札に戻ります。' } },
    { term: { en: 'Horus chip', ja: 'ホルスチップ' }, means: { en: 'Its holder is the start player of each auction.', ja: '持っている人が各競りのスタートプレイヤーです。' } },
    { term: { en: 'Start', ja: 'スタート' }, means: { en: 'The start player of this auction: may add the round bonus to the first declaration.', ja: 'この競りのスタートプレイヤー。最初の宣言にラウンドボーナスを加えられます。' } },
    { term: { en: 'Leading', ja: '最高値' }, means: { en: 'The highest declaration so far.', ja: 'ここまでの最高の宣言。' } },
    { term: { en: 'Horus pass', ja: 'ホルスパス' }, means: { en: 'Pass and take the Horus chip. One per auction.', ja: 'パスしてホルスチップを取ります。1回の競りで1人だけ。' } },
    { term: { en: 'Pharaoh pass', ja: 'ファラオパス' }, means: { en: 'Pass, spend a Pharaoh card, and take every member in the Hospital into your tent.', ja: 'パスしてファラオカードを使い、病院の隊員全員を自分のテントへ。' } },
    { term: { en: 'Pharaoh cards', ja: 'ファラオカード' }, means: { en: 'Spent by Pharaoh passes. On a seat, a bright icon is a card left, a faded one a card spent.', ja: 'ファラオパスで使うカード。席の表示では、濃い色のアイコンが残りのカード、薄い色が使用済みのカードです。' } },
    { term: { en: 'Treasures', ja: '財宝' }, means: { en: 'A chip per kind won, with one number per card: "1·5" is two cards, of 1 and 5 items. Each item is 1 point.', ja: '獲得した種類ごとの表示で、数字は札1枚ごとの個数です。「1·5」は1個と5個の札2枚。財宝1個につき1点。' } },
    { term: { en: 'member sum', ja: '隊員の合計' }, means: { en: 'The numbers of the members in hand and tent added up. It breaks a tie in points: the larger sum wins.', ja: '手札とテントの隊員の数字を足したもの。得点が同じときは、これが大きい人の勝ちです。' } },
    { term: { en: 'round bonus', ja: 'ラウンドボーナス' }, means: { en: 'The round number, added to the start player\'s first declaration, if that player wants.', ja: 'ラウンド数。スタートプレイヤーの最初の宣言に加えられます（任意）。' } },
    { term: { en: 'Kinds bonus', ja: '種類ボーナス' }, means: { en: 'Points for different treasure kinds: 2 kinds 1, 3 kinds 3, 4 kinds 6, 5 kinds 10.', ja: '財宝の種類数の得点：2種類1点、3種類3点、4種類6点、5種類10点。' } },
    { term: { en: 'Deck', ja: '山札' }, means: { en: 'The cards of the later rounds, face down.', ja: '後のラウンドの札。裏向きです。' } },
    { mark: 'flip-last', term: { en: 'Dashed blue outline', ja: '青い点線の枠' }, means: { en: 'What the last bot move changed. It goes away with the next move.', ja: '直前のボットの手で変わったもの。次の手で消えます。' } },
  ],
};
