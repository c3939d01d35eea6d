// Marie's Table (マリーの食卓): the rules written for learning, in the table's own words. Content
// only, no rule logic: the rules page and the table's Rules dialog draw it (ui/guide.js), with
// or without the engine. The engine's rules: docs/rules/marie.md.

export default {
  id: 'marie',
  sections: [
    {
      id: 'goal',
      title: { en: 'The goal', ja: 'ゲームの目的' },
      body: [
        { en: 'You are brothers sharing out cakes. Cakes are numbered 1 to 7. Collect several cakes of the same number: one or two of a number cost points, three or more earn them.', ja: 'あなたたちはケーキを分け合う兄弟です。ケーキには1〜7の数字があります。同じ数字をたくさん集めましょう。1〜2枚だと減点、3枚以上で得点になります。' },
        { en: 'The highest total after the last pile wins.', ja: '最後の山が終わったとき、合計点が最も高い人の勝ちです。' },
      ],
    },
    {
      id: 'setup',
      title: { en: 'Setup by player count', ja: '人数ごとの準備' },
      body: [
        { en: '56 cake cards (eight of each number) are shuffled into face-down piles. Each pile is one round. The cards left over stay out of the game, unseen.', ja: '56枚のケーキカード（各数字8枚）を混ぜ、裏向きの山に分けます。山ひとつが1ラウンドです。余ったカードは誰も見ずにゲームから除きます。' },
        {
          table: {
            head: [{ en: 'Players', ja: '人数' }, { en: 'Piles (rounds)', ja: '山（ラウンド数）' }, { en: 'Cards a pile', ja: '1山の枚数' }, { en: 'Left out', ja: '除外' }],
            rows: [['3', '6', '6', '20'], ['4', '5', '8', '16'], ['5', '5', '10', '6']],
          },
        },
        { en: 'Nobody starts with cards or points. The first Elder is chosen at setup (at random, or the seat you name).', ja: '最初は誰もカードも点も持っていません。最初の兄者はセットアップで決めます（ランダムか、指定した人）。' },
      ],
    },
    {
      id: 'turn',
      title: { en: 'A round, step by step', ja: '1ラウンドの流れ' },
      body: [
        {
          steps: [
            { en: 'Pile. The Elder chooses one of the piles left.', ja: '山：兄者が残っている山をひとつ選びます。' },
            { en: 'Keep two, pass the rest. The Elder looks at the pile, keeps 2 cards face down and passes the rest to his left (clockwise). Each brother in turn keeps 2 and passes on. The Youngest (the Elder\'s right-hand neighbour) gets the last 2.', ja: '2枚残して渡す：兄者は山を見て2枚を裏向きに残し、残りを左隣（時計回り）に渡します。弟たちも順に2枚残して渡します。末の弟（兄者の右隣）は最後の2枚を受け取ります。' },
            { en: 'Show. Every kept pair is turned face up.', ja: '公開：全員の2枚を表にします。' },
            { en: 'Vote. Everyone, the Elder too, votes in secret at the same time: Satisfied or Dissatisfied.', ja: '投票：兄者も含めて全員が同時に秘密で「納得」か「不満」を選びます。' },
            { en: 'Take. With 2 or more Dissatisfied votes the pairs change hands: the Youngest takes another brother\'s pair first, then each older brother (counterclockwise), the Elder last. If only the Elder\'s own pair is left, he takes it. Otherwise everyone takes his own pair.', ja: '獲得：「不満」が2人以上なら取り合いです。末の弟から兄者の順（反時計回り）に、他の兄弟の2枚をひとつずつ取ります。兄者の番に自分の2枚しか残っていなければそれを取ります。そうでなければ全員が自分の2枚を取ります。' },
            { en: 'Keep or eat. For each card you take: keep it face up (it counts for your sets) or eat it (1 point at the end). When the pairs change hands you decide as you take, and the next brother sees it; otherwise everyone decides in secret at the same time.', ja: '確定か食べるか：取った各カードを表向きに確定する（セットに数える）か、食べる（最後に1点）かを決めます。取り合いのときは取った直後に決め、次の人はそれを見てから取ります。取り合いでなければ全員が同時に秘密で決めます。' },
          ],
        },
        { example: 'marie', caption: { en: 'Your kept cards: four 1s, one 2 and five 6s, and you ate two cards: 3 − 3 + 5 + 2 = 7 points.', ja: '確定したカード：1が4枚、2が1枚、6が5枚。食べたカード2枚。3 − 3 + 5 + 2 = 7点。' } },
        { en: 'You may eat only 2 cards in the whole game ("can eat N" under your seat). After that you must keep everything.', ja: '食べられるのはゲーム全体で2枚までです（席の「あと〇枚」）。それ以降はすべて確定です。' },
        { en: 'The Youngest of this round is the Elder of the next.', ja: 'このラウンドの末の弟が、次のラウンドの兄者です。' },
      ],
    },
    {
      id: 'scoring',
      title: { en: 'Scoring', ja: '得点' },
      body: [
        { en: 'For each number, count your kept cards of that number:', ja: '数字ごとに、確定したカードの枚数で得点します：' },
        {
          table: {
            head: [{ en: 'Cards of one number', ja: '同じ数字の枚数' }, '1', '2', '3', '4', '5', '6', '7', '8'],
            rows: [[{ en: 'Points', ja: '得点' }, '−3', '−1', '1', '3', '5', '6', '7', '8']],
          },
        },
        { en: 'Each eaten card is worth 1 point. A lone cake is the worst: take it only if you can add to it, or eat it.', ja: '食べたカードは1枚1点です。1枚だけの数字がいちばん損です。増やせる見込みがなければ食べるのも手です。' },
      ],
    },
    {
      id: 'end',
      title: { en: 'The end and ties', ja: '終了と同点' },
      body: [
        { en: 'The game ends after the last pile. The highest total wins.', ja: '最後の山のラウンドが終わるとゲーム終了です。合計点が最も高い人の勝ちです。' },
        { en: 'Tied? The one with more kept 7s wins; still tied, more kept 6s, and so on down to 1s. Eaten cards never count here. Still tied: they share the win.', ja: '同点なら確定した7が多い人、次に6が多い人…と1まで比べます。食べたカードは数えません。それでも同点なら勝利を分け合います。' },
      ],
    },
  ],
  glossary: [
    { term: { en: 'Elder', ja: '兄者' }, means: { en: 'The brother who chooses the pile and keeps first. He takes last when the pairs change hands.', ja: '山を選び、最初に2枚を残す兄弟。取り合いでは最後に取ります。' } },
    { term: { en: 'Youngest', ja: '末の弟' }, means: { en: 'The Elder\'s right-hand neighbour: gets the last 2 cards, takes first when the pairs change hands, and is the next round\'s Elder.', ja: '兄者の右隣。最後の2枚を受け取り、取り合いでは最初に取り、次のラウンドの兄者になります。' } },
    { term: { en: 'Pile', ja: '山' }, means: { en: 'A face-down stack of cakes: one a round.', ja: '裏向きのケーキの束。1ラウンドにひとつ使います。' } },
    { term: { en: 'Served', ja: '配り済み' }, means: { en: 'A pile already used.', ja: 'すでに使った山。' } },
    { term: { en: 'Satisfied', ja: '納得' }, means: { en: 'A vote to keep the pairs as they are.', ja: 'このままの分け方でよいという投票。' } },
    { term: { en: 'Dissatisfied', ja: '不満' }, means: { en: 'A vote to share the pairs out again. Two or more of them make the pairs change hands.', ja: '分け直したいという投票。2人以上で取り合いになります。' } },
    { term: { en: 'Voted', ja: '投票済み' }, means: { en: 'That brother has voted; votes show once all are in.', ja: 'その人は投票を終えました。全員がそろうと公開されます。' } },
    { term: { en: 'Keep both', ja: '2枚とも確定' }, means: { en: 'Both cards go face up in front of you and count for your sets.', ja: '2枚とも表向きで手元に置き、セットに数えます。' } },
    { term: { en: 'Eat', ja: '食べる' }, means: { en: 'The card is worth 1 point and counts for no set. At most 2 a game.', ja: 'そのカードは1点になり、セットには数えません。ゲーム中2枚まで。' } },
    { term: { en: 'Eaten', ja: '食べた' }, means: { en: 'The cards a brother has eaten.', ja: 'その兄弟が食べたカード。' } },
    { term: { en: 'can eat N', ja: 'あと〇枚' }, means: { en: 'How many more cards that brother may still eat this game.', ja: 'このゲームであと何枚食べられるか。' } },
    { term: { en: 'Decided', ja: '決定済み' }, means: { en: 'That brother has made his secret keep-or-eat choice; all show together.', ja: 'その人は確定か食べるかを秘密で決めました。全員そろうと公開されます。' } },
    { term: { en: 'My draft', ja: '自分のドラフト' }, means: { en: 'What you kept and passed in each round, and what became of the pair you kept (only you see it).', ja: '各ラウンドで自分が残したカードと渡したカード、残した2枚がどうなったか（自分だけに見えます）。' } },
    { term: { en: 'Scoring', ja: '得点表' }, means: { en: 'How many cards of one number you keep (×1 to ×8) and the points they make, whatever the number on the cards.', ja: '同じ数字を何枚確定したか（×1〜×8）と、その得点。カードの数字の大きさは関係ありません。' } },
    { mark: 'flip-last', term: { en: 'Dashed blue outline', ja: '青い点線の枠' }, means: { en: 'What the last bot move changed. It goes away with the next move.', ja: '直前のボットの手で変わったもの。次の手で消えます。' } },
  ],
};
