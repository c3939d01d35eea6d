// Yadokashi (ヤドカシ): the rules written for learning, in the table's own words. Content only,
// no rule logic (ui/guide.js draws it). The engine's rules: docs/rules/yadokashi.md.

export default {
  id: 'yadokashi',
  sections: [
    {
      id: 'goal',
      title: { en: 'The goal', ja: 'ゲームの目的' },
      body: [
        { en: 'You let shells to hermit crabs. The crabs are 12-sided dice: a die on a shell is a crab whose size is its face. Every crab living in your row pays you stars (★).', ja: 'あなたはヤドカリにヤドを貸す管理人です。ヤドカリは12面ダイスで、ヤドに乗ったダイスの目がその大きさです。自分の列に住むヤドカリが星（★）を払ってくれます。' },
        { en: 'When a turn ends with anyone at 27 ★ or more, the game ends.', ja: '手番の終わりに誰かの★が27以上なら、ゲーム終了です。' },
      ],
    },
    {
      id: 'setup',
      title: { en: 'Setup by player count', ja: '人数ごとの準備' },
      body: [
        {
          table: {
            head: [{ en: 'Players', ja: '人数' }, { en: 'Shells in the ring', ja: '輪のヤド' }, { en: 'Row at the start', ja: '最初の列' }],
            rows: [
              ['3', { en: '1–13 (13 shells)', ja: '1〜13（13枚）' }, { en: '4 shells each; shell 13 is added at position 1 of the last player\'s row (5)', ja: '各4枚。最後のプレイヤーの列の1番目にヤド13を加えます（5枚）' }],
              ['4', { en: '1–16 (16 shells)', ja: '1〜16（16枚）' }, { en: '3 shells each, plus one of 13–16 at position 1 (4)', ja: '各3枚+13〜16のどれか1枚を1番目に（4枚）' }],
            ],
          },
        },
        { list: [
          { en: 'Shells 1–12 are shuffled into a ring; the pieces sit between them.', ja: 'ヤド1〜12を混ぜて輪にし、その間にコマを置きます。' },
          { en: 'Everyone starts with a crab on their position-2 shell (its size is that shell\'s number) and 1 ★.', ja: '全員、自分の列の2番目のヤドにヤドカリを1人（大きさはそのヤドの数字）乗せ、★1つで始めます。' },
          { en: 'There are 6 dice in all; the ones not on a shell wait in the Centre (3 with 3 players, 2 with 4). The start player is chosen at setup.', ja: 'ダイスは全部で6個。ヤドに乗っていないダイスは中央に置きます（3人なら3個、4人なら2個）。スタートプレイヤーはセットアップで決めます。' },
        ] },
      ],
    },
    {
      id: 'turn',
      title: { en: 'A turn: do one thing', ja: '手番：1つだけ行う' },
      body: [
        { en: 'Your row runs counterclockwise from your piece to the next piece: position 1 is next to your piece. Turns go clockwise.', ja: '自分の列は、自分のコマから反時計回りに次のコマまでです。コマの隣が1番目です。手番は時計回りに進みます。' },
        { list: [
          { en: 'Move dice (needs a die in the Centre). Income: everyone takes 1 ★ per crab in their row. Call High or Low and roll a Centre die. High: every crab of the roll\'s size or more grows by 1. Low: every crab of the roll\'s size or less grows by 1. Then income again.', ja: 'ヒッコシダイス（中央にダイスが必要）：収入として全員が自分の列のヤドカリ1人につき★1つ。ハイかローを宣言して中央のダイスを1個振ります。ハイなら出目以上、ローなら出目以下のヤドカリがすべて1大きくなります。最後にもう一度収入。' },
          { en: 'Advance. Every piece moves one shell clockwise. Your last shell, crab and all, goes to position 1 of the row of the player before you; you gain the last shell of the player after you.', ja: 'ゼンシン：全員のコマが時計回りに1つ進みます。自分の列の最後のヤドは、ヤドカリごと前の手番の人の列の1番目へ。代わりに次の手番の人の列の最後のヤドを得ます。' },
          { en: 'Buy a shell. Take an empty shell of another row and put it anywhere in yours. Pay its owner by its position: 1st 3 ★, 2nd 2 ★, 3rd 1 ★, 4th and later free. Careful: a shell put in front pushes the rest of your row back, and an empty shell pushed to position 4 is free for the others.', ja: 'ヤドカイ：他人の列の空きヤドを買い、自分の列の好きな位置に置きます。持ち主に位置に応じて払います：1番目★3、2番目★2、3番目★1、4番目以降は無料。注意：前に置くと後ろのヤドは1つずつ下がり、4番目に押し出された空きヤドはほかの人が無料で買えます。' },
          { en: 'Rearrange. Put the empty shells of your row in a new order; shells with a crab stay put.', ja: 'イレカエ：自分の列の空きヤドを並べ替えます。ヤドカリのいるヤドは動きません。' },
          { en: 'New tenants (needs a die in the Centre). Roll every Centre die; put at least one (if you can) on the empty shell of the number rolled. You choose which. If the Centre empties, the largest crab not placed now goes back to it.', ja: 'ニューキョシャボシュウ（中央にダイスが必要）：中央のダイスを全部振り、出目と同じ数字の空きヤドに乗せます（乗せられるなら1つ以上、どれにするかはあなたが選ぶ）。中央が空になったら、今回乗せたもの以外で最も大きいヤドカリが中央へ戻ります。' },
        ] },
        { example: 'yadokashi', caption: { en: 'You call High and roll 7: the crab of size 8 on shell 8 grows to 9. It is now too big for its shell, so it moves counterclockwise to the first empty shell of size 9 or 10: shell 10.', ja: 'ハイを宣言して7が出ました。ヤド8の大きさ8のヤドカリが9になり、ヤドより大きくなったので、反時計回りに大きさ9か10の最初の空きヤド（ヤド10）へ引越します。' } },
        { en: 'After a roll:', ja: 'ダイスを振ったあと：' },
        { list: [
          { en: 'A crab grows by exactly 1.', ja: 'ヤドカリは1ずつ大きくなります。' },
          { en: 'A size-12 crab that grows goes to the Centre and is reborn on an empty shell 1 or 2, if one is free. The player who rolled chooses which.', ja: '大きさ12のヤドカリが成長すると中央へ戻り、空いているヤド1か2に生まれ変わります。どちらにするかは振った人が選びます。' },
          { en: 'A crab bigger than its shell moves out, counterclockwise, to the first empty shell of its size or one more; if there is none, it goes to the Centre. Smaller crabs move first.', ja: 'ヤドより大きくなったヤドカリは、反時計回りに、同じ大きさか1つ大きい最初の空きヤドへ引越します。なければ中央へ。小さいヤドカリから先に動きます。' },
        ] },
      ],
    },
    {
      id: 'scoring',
      title: { en: 'Stars', ja: '星' },
      body: [
        { en: 'Income is the only way to earn: 1 ★ per crab in your row, before and after every Move dice (anyone\'s).', ja: '星を得る方法は収入だけです。誰かがヒッコシダイスをするたび、振る前と後に、自分の列のヤドカリ1人につき★1つ。' },
        { en: 'Stars are drawn as white (1), blue (3) and gold (9). Buying a shell pays stars to its owner.', ja: '星は白（1）、青（3）、金（9）で表示されます。ヤドカイでは持ち主に星を払います。' },
      ],
    },
    {
      id: 'end',
      title: { en: 'The end and ties', ja: '終了と同点' },
      body: [
        { en: 'When a turn ends and anyone has 27 ★ or more, the game ends. Of those players, the most ★ wins.', ja: '手番の終わりに誰かの★が27以上ならゲーム終了。その中で★が最も多い人の勝ちです。' },
        { en: 'Tied? The player whose turn it was wins; if that player is not among them, the next player clockwise from them, and so on.', ja: '同数なら手番プレイヤーの勝ち。その人が含まれなければ、そこから時計回りに近い人の勝ちです。' },
      ],
    },
  ],
  glossary: [
    { term: { en: 'The ring of shells', ja: 'ヤドの輪' }, means: { en: 'All shells in a circle, with the players\' pieces between them.', ja: '輪に並んだすべてのヤド。間にプレイヤーのコマがあります。' } },
    { term: { en: 'piece', ja: 'コマ' }, means: { en: 'A player\'s marker on the ring: their row starts next to it.', ja: '輪の上のプレイヤーの印。列はその隣から始まります。' } },
    { term: { en: 'row', ja: '列' }, means: { en: 'Your shells: from your piece counterclockwise up to the next piece.', ja: '自分のヤド。自分のコマから反時計回りに次のコマまで。' } },
    { term: { en: 'position N', ja: '〇番目' }, means: { en: 'A shell\'s place in its row, 1 next to the piece (the small number at its top right). It sets the price of a Buy.', ja: '列の中の位置。コマの隣が1番目（ヤドの右上の小さな数字）。ヤドカイの値段を決めます。' } },
    { term: { en: 'Shell N', ja: 'ヤド〇' }, means: { en: 'A shell: its number is its size.', ja: 'ヤド。数字がその大きさです。' } },
    { term: { en: 'crab', ja: 'ヤドカリ' }, means: { en: 'A die on a shell; its face is its size.', ja: 'ヤドに乗ったダイス。目が大きさです。' } },
    { term: { en: 'Centre', ja: '中央' }, means: { en: 'Where dice not on a shell wait. Move dice and New tenants need one here.', ja: 'ヤドに乗っていないダイスの置き場。ヒッコシダイスとニューキョシャボシュウには、ここにダイスが必要です。' } },
    { term: { en: 'High', ja: 'ハイ' }, means: { en: 'Crabs of the roll\'s size or more grow.', ja: '出目以上のヤドカリが成長。' } },
    { term: { en: 'Low', ja: 'ロー' }, means: { en: 'Crabs of the roll\'s size or less grow.', ja: '出目以下のヤドカリが成長。' } },
    { term: { en: 'Move dice', ja: 'ヒッコシダイス' }, means: { en: 'Income, call and roll, crabs grow and move, income.', ja: '収入、宣言して振る、成長と引越し、収入。' } },
    { term: { en: 'Advance', ja: 'ゼンシン' }, means: { en: 'Every piece one shell clockwise.', ja: '全員のコマが時計回りに1つ進む。' } },
    { term: { en: 'Buy a shell', ja: 'ヤドカイ' }, means: { en: 'Buy an empty shell of another row.', ja: '他人の空きヤドを買う。' } },
    { term: { en: 'Rearrange', ja: 'イレカエ' }, means: { en: 'Reorder the empty shells of your row.', ja: '自分の空きヤドを並べ替える。' } },
    { term: { en: 'New tenants', ja: 'ニューキョシャボシュウ' }, means: { en: 'Roll the Centre dice and place crabs.', ja: '中央のダイスを振ってヤドカリを入居させる。' } },
    { term: { en: 'Income', ja: '収入' }, means: { en: '1 ★ per crab in your row, for everyone, around each Move dice.', ja: 'ヒッコシダイスの前後に、全員が自分の列のヤドカリ1人につき★1つ。' } },
    { term: { en: '★', ja: '★' }, means: { en: 'Stars: the points. 27 ends the game.', ja: '星。得点です。27でゲーム終了。' } },
    { term: { en: 'Start', ja: 'スタート' }, means: { en: 'The player who took the first turn.', ja: '最初に手番をしたプレイヤー。' } },
    { term: { en: 'Last turn', ja: '直前の手番' }, means: { en: 'What the previous turn did: the roll, growth, moves.', ja: '前の手番で起きたこと：出目、成長、引越し。' } },
    { mark: 'flip-last', term: { en: 'Dashed blue outline', ja: '青い点線の枠' }, means: { en: 'A shell or piece the last bot move changed. It goes away with the next move.', ja: '直前のボットの手で変わったヤドやコマ。次の手で消えます。' } },
    { mark: 'was-changed', term: { en: 'Glowing orange edge', ja: 'オレンジに光る縁' }, means: { en: 'A shell where a crab grew, moved in, was reborn or placed in the last turn.', ja: '直前の手番でヤドカリが成長・引越し・生まれ変わり・入居したヤド。' } },
  ],
};
