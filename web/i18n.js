// Every string the page shows, in English and Japanese, and the helpers to pick and fill them.
// Names of players are never put into HTML: fillNodes() builds text nodes.

const LANG_KEY = 'pygames.lang';

const S = {
  appTitle: { en: 'Five Tables', ja: '五つの卓' },
  appTagline: { en: 'Five Japanese table games to pass around one tablet', ja: '五つの卓（いつつのたく）：1台のタブレットを回して遊ぶ、日本のテーブルゲーム五つ' },
  langName: { en: 'English', ja: '日本語' },
  langLabel: { en: 'Language', ja: '言語' },
  home: { en: 'Lobby', ja: 'ロビー' },

  // engine boot
  engineLoading: { en: 'Preparing the game engine… {0}%', ja: 'ゲームエンジンを準備中… {0}%' },
  engineStage_download: { en: 'Loading the game engine… {0}%', ja: 'ゲームエンジンを読み込み中… {0}%' },
  engineStage_start: { en: 'Starting the game engine… {0}%', ja: 'ゲームエンジンを起動中… {0}%' },
  engineStage_install: { en: 'Installing the games… {0}%', ja: 'ゲームを準備中… {0}%' },
  engineReady: { en: 'Game engine ready', ja: 'ゲームエンジン準備完了' },
  engineFailed: { en: 'The game engine could not start.', ja: 'ゲームエンジンを起動できませんでした。' },
  engineFailedHelp: {
    en: 'Reload the page to try again. The lobby and the rules still work.',
    ja: 'ページを再読み込みしてもう一度お試しください。ロビーとルールは見られます。',
  },
  engineWait: { en: 'Waiting for the game engine…', ja: 'ゲームエンジンを待っています…' },

  // lobby
  lobbyTitle: { en: 'Choose a game', ja: 'ゲームを選んでください' },
  players: { en: '{0}–{1} players', ja: '{0}〜{1}人' },
  minutes: { en: 'about {0} min', ja: '約{0}分' },
  play: { en: 'Play', ja: '遊ぶ' },
  rules: { en: 'Rules', ja: 'ルール' },
  comingSoon: { en: 'Coming soon', ja: '近日登場' },
  notPlayableYet: { en: 'This game cannot be played here yet.', ja: 'このゲームはまだここでは遊べません。' },
  catalogFailed: { en: 'The list of games could not be loaded.', ja: 'ゲームの一覧を読み込めませんでした。' },
  howTitle: { en: 'How it works', ja: '遊び方の流れ' },
  how1: { en: 'Choose a game, the number of players and which seats are bots.', ja: 'ゲームと人数を選び、ボットの席を決めます。' },
  how2: { en: 'Pass the tablet when the screen asks: private cards stay hidden behind a cover. Or each player joins on their own phone.', ja: '画面の指示でタブレットを渡します。自分だけの情報は目隠し画面で守られます。各自のスマホで参加することもできます。' },
  how3: { en: 'Every game has a link: share it to replay the same deal or the whole game.', ja: 'ゲームごとにリンクがあり、同じ配りや対局の記録を共有できます。' },
  offlineNote: {
    en: 'Everything runs on this device, even offline. One tablet, passed from hand to hand.',
    ja: 'すべてこの端末の中で動きます。オフラインでも遊べます。1台を順番に回して遊びます。',
  },

  // rules page
  rulesTitle: { en: 'How to play', ja: '遊び方' },
  credits: { en: 'Credits', ja: 'クレジット' },
  setUpTable: { en: 'Set up a table', ja: '卓を準備する' },
  backToLobby: { en: 'Back to the lobby', ja: 'ロビーに戻る' },
  unknownGame: { en: 'This game is not in the collection.', ja: 'このゲームはありません。' },
  inShort: { en: 'In short', ja: 'かんたんに' },
  guideContents: { en: 'Contents', ja: '目次' },
  guideGlossary: { en: 'Words at the table', ja: '卓の用語' },
  guideGlossaryNote: { en: 'What the table shows, and what it means.', ja: '卓に表示される言葉と、その意味。' },
  guideLoading: { en: 'Opening the rules…', ja: 'ルールを開いています…' },
  rulesButtonTitle: { en: 'Read the rules without leaving the game', ja: 'ゲームを離れずにルールを読む' },
  rulesOf: { en: 'Rules: {0}', ja: 'ルール：{0}' },

  // setup
  setupTitle: { en: 'New table', ja: '新しい卓' },
  numPlayers: { en: 'Players', ja: '人数' },
  seatN: { en: 'Seat {0}', ja: '席{0}' },
  human: { en: 'Human', ja: '人間' },
  bot: { en: 'Bot', ja: 'ボット' },
  level: { en: 'Level', ja: '強さ' },
  level_random: { en: 'Random moves', ja: 'でたらめ' }, // "Random" alone read as a bot of unknown strength
  level_easy: { en: 'Easy', ja: 'やさしい' },
  level_normal: { en: 'Normal', ja: 'ふつう' },
  level_strong: { en: 'Strong', ja: 'つよい' },
  name: { en: 'Name', ja: '名前' },
  defaultHuman: { en: 'Player {0}', ja: 'プレイヤー{0}' },
  defaultBot: { en: 'Bot {0}', ja: 'ボット{0}' },
  deal: { en: 'Deal', ja: '配り' },
  seedRandom: { en: 'Random deal', ja: 'ランダムに配る' },
  seedFixed: { en: 'Deal number', ja: '配り番号を指定' },
  seedHelp: { en: 'The same number gives the same deal.', ja: '同じ番号なら同じ配りになります。' },
  seedInvalid: { en: 'Type a whole number from 0 to 9007199254740991.', ja: '0〜9007199254740991の整数を入力してください。' },
  // the field's example read as a number already typed, and sharing it said only the range
  seedMissing: { en: 'Type a deal number first (any whole number, such as 12345), or choose “Random deal”.', ja: '先に配り番号を入力してください（12345のような整数）。または「ランダムに配る」を選んでください。' },
  seedPlaceholder: { en: 'e.g. 12345', ja: '例：12345' },
  optionRandom: { en: 'Random', ja: 'ランダム' },
  start: { en: 'Start the game', ja: 'ゲーム開始' },
  starting: { en: 'Starting…', ja: '開始中…' },
  tooManyNames: { en: 'Names can have at most 24 characters.', ja: '名前は24文字までです。' },
  ownDevice: { en: 'Own device', ja: '自分の端末' },
  ownDeviceHelp: {
    en: 'A player on their own device joins at the table: this device shows a code that their phone’s camera scans. Their hand stays on their phone; this screen shows only the public board. Same Wi-Fi or one phone’s hotspot; no account, no server.',
    ja: '自分の端末で遊ぶプレイヤーは卓で参加します。この端末に表示するコードをスマホのカメラで読み取ります。手札はその人のスマホにだけ表示され、この画面には公開の盤面だけが映ります。同じWi-Fiか、1台のスマホのテザリングで使えます。アカウントもサーバーも要りません。',
  },

  // seats on other devices (issue 34): the host's side
  devices: { en: 'Devices', ja: '端末' },
  devicesTitle: { en: 'Players on their own devices', ja: '自分の端末で遊ぶプレイヤー' },
  device_open: { en: 'Not joined yet', ja: 'まだ参加していません' },
  device_inviting: { en: 'Invite on screen', ja: '招待を表示中' },
  device_joined: { en: 'Joined', ja: '参加中' },
  device_gone: { en: 'Device left: invite it again', ja: '端末が離れました。もう一度招待してください' },
  inviteFor: { en: 'Invite {0}', ja: '{0}を招待' },
  inviteScan: { en: '1. On {0}’s phone, open the camera and scan this code (or send them the link).', ja: '1. {0}さんのスマホでカメラを開き、このコードを読み取ります（またはリンクを送ります）。' },
  inviteCopy: { en: 'Copy the invite link', ja: '招待リンクをコピー' },
  inviteMaking: { en: 'Making the invite…', ja: '招待を作っています…' },
  inviteAnswer: { en: '2. Their phone then shows a code: scan it with this device’s camera, or paste it here.', ja: '2. スマホにコードが表示されたら、この端末のカメラで読み取るか、ここに貼り付けます。' },
  inviteAnswerLabel: { en: 'The code from {0}’s phone', ja: '{0}さんのスマホのコード' },
  inviteScanAnswer: { en: 'Scan it with this camera', ja: 'この端末のカメラで読み取る' },
  inviteConnect: { en: 'Connect', ja: '接続' },
  inviteConnecting: { en: 'Connecting…', ja: '接続しています…' },
  // the host scans a guest's answer with its own camera (ui/camera.js)
  cameraTitle: { en: 'Scan the code on their phone', ja: 'スマホのコードを読み取る' },
  cameraVideo: { en: 'What this device’s camera sees', ja: 'この端末のカメラの映像' },
  cameraStarting: { en: 'Starting the camera…', ja: 'カメラを起動しています…' },
  cameraLooking: { en: 'Hold the code their phone shows in front of this camera.', ja: 'スマホに表示されたコードを、この端末のカメラに向けてください。' },
  cameraDenied: { en: 'This page may not use the camera. Allow it in the browser’s settings, or close this and paste the code.', ja: 'このページはカメラを使えません。ブラウザの設定で許可するか、閉じてコードを貼り付けてください。' },
  cameraNone: { en: 'No camera was found on this device. Close this and paste the code.', ja: 'この端末にカメラが見つかりません。閉じてコードを貼り付けてください。' },
  cameraBusy: { en: 'The camera is in use by another app. Close that app and try again, or paste the code.', ja: 'カメラはほかのアプリが使っています。そのアプリを閉じてもう一度試すか、コードを貼り付けてください。' },
  cameraUnsupported: { en: 'This browser cannot use a camera on this page. Close this and paste the code.', ja: 'このブラウザでは、このページでカメラを使えません。閉じてコードを貼り付けてください。' },
  cameraFailed: { en: 'The camera could not start. Close this and paste the code.', ja: 'カメラを起動できませんでした。閉じてコードを貼り付けてください。' },
  cameraNoReader: { en: 'The code reader could not be loaded. Reload the page while online, or paste the code.', ja: 'コードの読み取り機能を読み込めませんでした。オンラインでページを再読み込みするか、コードを貼り付けてください。' },
  inviteBadCode: { en: 'That is not the code of a guest’s answer: copy the whole code their phone shows.', ja: 'ゲストの返答コードではありません。スマホに表示されたコードをすべてコピーしてください。' },
  inviteOtherBuild: { en: 'That phone runs another version of the game: reload the page on both devices, then invite again.', ja: 'そのスマホは別のバージョンのゲームです。両方の端末でページを再読み込みしてから、もう一度招待してください。' },
  inviteStale: {
    en: 'That code did not connect: it may answer an older invite. On {0}’s phone, open this new invite (the code below), then scan or paste its answer again.',
    ja: 'そのコードではつながりませんでした。前の招待への返答かもしれません。{0}さんのスマホでこの新しい招待（下のコード）を開き、表示された返答をもう一度読み取るか貼り付けてください。',
  },
  inviteFailed: { en: 'Could not make an invite on this browser.', ja: 'このブラウザでは招待を作れませんでした。' },
  inviteLimits: {
    en: 'Works on one local network (the same Wi-Fi, or one phone’s hotspot). Networks that keep their devices apart (some hotel and office Wi-Fi) block it.',
    ja: '同じローカルネットワーク（同じWi-Fi、または1台のスマホのテザリング）で使えます。端末どうしの通信を遮るネットワーク（一部のホテルや会社のWi-Fi）では使えません。',
  },
  deviceHandHelp: { en: 'Or, without that device:', ja: 'その端末なしで続けるなら：' },
  deviceHandHere: { en: 'Play it on this device', ja: 'この端末で遊ぶ' },
  deviceHandBot: { en: 'Let a bot play it', ja: 'ボットに任せる' },
  devicesInvite: { en: 'Invite', ja: '招待する' },
  waitingDevice: { en: 'Waiting for {0}’s device', ja: '{0}さんの端末を待っています' },
  deviceJoinedToast: { en: '{0} joined from their device.', ja: '{0}さんが自分の端末から参加しました。' },
  deviceLeftToast: { en: '{0}’s device left the table.', ja: '{0}さんの端末が卓を離れました。' },

  // seats on other devices: the guest's side
  joinTitle: { en: 'Join a table', ja: '卓に参加' },
  joinFor: { en: '{0}: seat {1}', ja: '{0}：{1}番目の席' },
  joinSeat: { en: 'Seat {0}', ja: '{0}番目の席' },
  joinMaking: { en: 'Preparing your answer…', ja: '返答を用意しています…' },
  joinShow: { en: 'Show this code to the host: their device scans it. Or copy it and send it to them.', ja: 'このコードをホストに見せて、ホストの端末で読み取ってもらいます。コピーして送ることもできます。' },
  joinCopy: { en: 'Copy the code', ja: 'コードをコピー' },
  joinCopied: { en: 'Code copied.', ja: 'コードをコピーしました。' },
  joinWaiting: { en: 'Waiting for the host to connect…', ja: 'ホストの接続を待っています…' },
  joinJoining: { en: 'Connected: joining your seat…', ja: '接続しました。席に参加しています…' },
  joinBadCode: { en: 'This invite cannot be read. Ask the host for a new one and scan it again.', ja: 'この招待は読み取れません。ホストに新しい招待を出してもらい、もう一度読み取ってください。' },
  joinOtherBuild: { en: 'This device runs another version of the game than the host. Reload the page on both devices, then scan again.', ja: 'この端末のゲームはホストと別のバージョンです。両方の端末でページを再読み込みしてから、もう一度読み取ってください。' },
  joinNoRtc: { en: 'This browser cannot connect to another device directly.', ja: 'このブラウザはほかの端末と直接つながれません。' },
  joinTimeout: { en: 'The host did not connect. Ask the host for a new invite for your seat (their Devices button) and scan it. Both devices must be on the same Wi-Fi.', ja: 'ホストとつながりませんでした。ホストに自分の席の新しい招待を出してもらい（ホストの「端末」ボタン）、読み取ってください。両方の端末が同じWi-Fiにある必要があります。' },
  joinLost: { en: 'The connection to the host was lost. Scan the host’s invite again to come back to your seat.', ja: 'ホストとの接続が切れました。ホストの招待をもう一度読み取ると、同じ席に戻れます。' },
  joinUsed: { en: 'This invite was used already (this page was opened again or reloaded). Ask the host for a new invite for your seat (their Devices button) and scan it: you get your seat back.', ja: 'この招待はもう使われました（ページを開き直したか再読み込みしました）。ホストに自分の席の新しい招待を出してもらい（ホストの「端末」ボタン）、読み取ってください。同じ席に戻れます。' },
  joinRefused: { en: 'The host refused this device: {0}', ja: 'ホストがこの端末を断りました：{0}' },
  jumpHand: { en: 'My hand', ja: '自分の手' },
  jumpBoard: { en: 'Board', ja: '盤面' },
  jumpHandExplain: { en: 'Scrolls up to your hand and your moves.', ja: '自分の手札と操作の位置まで移動します。' },
  jumpBoardExplain: { en: 'Scrolls down to the board everyone shares.', ja: 'みんなの盤面の位置まで移動します。' },
  guestOver: { en: 'The game is over. The host’s device keeps its record and replay.', ja: 'ゲームは終わりました。記録とリプレイはホストの端末にあります。' },

  // table (shared)
  roundOf: { en: 'Round {0} of {1}', ja: '第{0}ラウンド / 全{1}' },
  you: { en: 'You', ja: 'あなた' },
  spectator: { en: 'Watching', ja: '観戦中' },
  viewing: { en: 'Screen of {0}', ja: '{0}さんの画面' },
  isThinking: { en: '{0} is thinking…', ja: '{0}が考えています…' },
  waitingFor: { en: 'Waiting for {0}…', ja: '{0}を待っています…' },
  log: { en: 'Game log', ja: '記録' },
  score: { en: 'Score', ja: '得点' },
  pts: { en: { one: '{0} pt', other: '{0} pts' }, ja: '{0}点' },
  menu: { en: 'Menu', ja: 'メニュー' },
  botSpeed: { en: 'Bot speed', ja: 'ボットの速さ' },
  speed_slow: { en: 'Slow', ja: 'ゆっくり' },
  speed_normal: { en: 'Normal', ja: 'ふつう' },
  speed_fast: { en: 'Fast', ja: '速い' },
  speed_instant: { en: 'Instant', ja: '一瞬' },
  leaveGame: { en: 'Leave the game', ja: 'ゲームをやめる' },
  actionFailed: { en: 'That move was not accepted.', ja: 'その手は受け付けられませんでした。' },

  // privacy
  passTo: { en: 'Pass the tablet to {0}', ja: '{0}さんに渡してください' },
  passHint: { en: 'Only {0} should look at the screen now.', ja: 'ここから先は{0}さんだけが見てください。' },
  // the tablet that hosts phones is the board everyone sees: its own player's turn is covered too
  passWatched: { en: '{0}’s turn on this tablet', ja: 'このタブレットで{0}さんの番です' },
  passWatchedHint: { en: 'This screen is the board everyone sees: {0}’s own cards show only behind this cover, while the others look away.', ja: 'この画面はみんなが見る盤面です。{0}さんの手札はこの目隠しのあと、ほかの人が目をそらしている間だけ表示されます。' },
  passContinue: { en: "I'm {0} — show my screen", ja: '{0}です — 画面を見る' },
  passVote: { en: 'It is time to vote in secret.', ja: '秘密の投票の時間です。' },

  // broken links
  linkBroken: { en: 'This game link could not be opened.', ja: 'このゲームのリンクは開けませんでした。' },
  linkBrokenHelp: {
    en: 'The link may be cut short or come from another version. You can start a new game from the lobby.',
    ja: 'リンクが途中で切れているか、別の版のものかもしれません。ロビーから新しいゲームを始められます。',
  },
  opening: { en: 'Opening the game…', ja: 'ゲームを開いています…' },

  // end
  gameOver: { en: 'Game over', ja: 'ゲーム終了' },
  winnerIs: { en: 'Winner: {0}', ja: '勝者：{0}' },
  noWinner: { en: 'Unfinished: no winner', ja: '勝者なし（打ち切り）' },
  winnersAre: { en: 'Shared win: {0}', ja: '同点優勝：{0}' },
  total: { en: 'Total', ja: '合計' },
  rematch: { en: 'Rematch (same deal)', ja: '同じ配りで再戦' },
  newGame: { en: 'New game', ja: '新しいゲーム' },
  copyLink: { en: 'Copy the game link', ja: 'ゲームのリンクをコピー' },
  linkCopied: { en: 'Link copied.', ja: 'リンクをコピーしました。' },
  linkCopyManual: { en: 'Copy this link:', ja: 'このリンクをコピーしてください：' },
  close: { en: 'Close', ja: '閉じる' },
  unknownError: { en: 'Unknown error.', ja: '不明なエラーです。' },
  somethingWrong: { en: 'Something went wrong on this page.', ja: 'このページで問題が発生しました。' },
  and: { en: ' and ', ja: '、' },
  listSep: { en: ', ', ja: '、' },

  // settings
  settings: { en: 'Settings', ja: '設定' },
  settingsTitle: { en: 'Settings', ja: '設定' },
  botSpeedHelp: { en: 'How long bots wait before they move, and the pace of replays.', ja: 'ボットが手を指すまでの待ち時間と、リプレイの再生速度です。' },
  motionLabel: { en: 'Animations', ja: 'アニメーション' },
  motion_auto: { en: 'Like the device', ja: '端末の設定' },
  motion_reduce: { en: 'Off', ja: 'オフ' },
  motion_full: { en: 'On', ja: 'オン' },
  motionNowOn: { en: 'Animations are on now.', ja: '現在、アニメーションは有効です。' },
  motionNowOff: { en: 'Animations are off now.', ja: '現在、アニメーションは無効です。' },
  tableOptions: { en: 'Table options', ja: '卓のオプション' },
  tableOptionsHelp: {
    en: 'What a new table starts with. You can still change them when you set up a table.',
    ja: '新しい卓の初期設定です。卓を準備するときにも変えられます。',
  },
  tableOptionsSetup: { en: 'Options', ja: 'オプション' },
  opt_open_money: { en: 'Open money', ja: '所持金を公開' },
  opt_open_money_help: { en: "Everyone's money is visible to all players.", ja: '全員の所持金を誰でも見られます。' },
  ok: { en: 'OK', ja: 'OK' },
  cancel: { en: 'Cancel', ja: 'キャンセル' },

  // saved games
  continueTitle: { en: 'Continue a game', ja: '続きから遊ぶ' },
  continueGame: { en: 'Continue', ja: '続ける' },
  deleteSave: { en: 'Delete', ja: '削除' },
  deleteSaveNamed: { en: 'Delete the saved game {0}', ja: '保存されたゲーム「{0}」を削除' },
  deleteSaveQ: { en: 'Delete this saved game? It cannot be brought back.', ja: 'この保存されたゲームを削除しますか？元には戻せません。' },
  deleteFinishedQ: { en: 'Remove this game from the finished games?', ja: 'このゲームを終わったゲームの一覧から削除しますか？' },
  savedAt: { en: 'saved {0}', ja: '{0}保存' },
  finishedAt: { en: 'finished {0}', ja: '{0}終了' },
  moveN: { en: 'move {0}', ja: '{0}手目' },
  roundN: { en: 'Round {0}', ja: '第{0}ラウンド' },
  turnN: { en: 'Turn {0}', ja: '{0}手番目' },
  savesDamaged: {
    en: {
      one: '{0} saved game could not be read and was skipped.',
      other: '{0} saved games could not be read and were skipped.',
    },
    ja: '保存されたゲーム{0}件が読み込めなかったため、表示していません。',
  },
  removeDamaged: { en: 'Remove them', ja: '削除する' },
  historyTitle: { en: 'Finished games', ja: '終わったゲーム' },
  watchReplay: { en: 'Replay', ja: 'リプレイ' },
  analyseGame: { en: 'Analyse this game', ja: 'このゲームを分析する' },
  analyseGameExplain: {
    en: 'Opens the replay and has the coach look at every decision: your mistakes, what each one cost and why, and how much luck moved your chance to win.',
    ja: 'リプレイを開き、コーチがすべての判断を見直します。悪手とその損失と理由、運で勝つ見込みがどれだけ動いたかがわかります。',
  },
  savedNote: { en: 'Games are saved on this device after every move.', ja: 'ゲームは1手ごとにこの端末に保存されます。' },
  saveFailed: {
    en: 'This game could not be saved on this device (the storage is full or blocked).',
    ja: 'この端末にゲームを保存できませんでした（容量がいっぱいか、保存が無効です）。',
  },
  resumeFailed: { en: 'This saved game could not be opened.', ja: 'この保存されたゲームは開けませんでした。' },
  resumeFailedHelp: {
    en: 'It may come from another version of the games. You can delete it and start a new game.',
    ja: '別の版で保存されたものかもしれません。削除して新しいゲームを始められます。',
  },
  deleteThisSave: { en: 'Delete this saved game', ja: 'この保存を削除する' },
  vsLabel: { en: 'Players', ja: '参加者' },
  saveFull: {
    en: "This device's storage is full: this game is not being saved now. You can keep playing; your earlier saves are kept.",
    ja: 'この端末の保存領域がいっぱいのため、このゲームは今は保存されていません。このまま遊べます。以前の保存は残っています。',
  },
  saveBack: { en: 'The game is being saved again.', ja: 'ゲームの保存を再開しました。' },
  movedOnTab: {
    en: 'This game moved on in another tab. Reload it to go on from there; moves made here are not saved.',
    ja: 'このゲームは別のタブで進みました。再読み込みして、そこから続けてください。ここでの手は保存されません。',
  },
  movedOnReload: { en: 'Reload the game', ja: 'ゲームを再読み込み' },
  followedTab: { en: 'This game moved on in another tab: here is where it stands.', ja: 'このゲームは別のタブで進みました。最新の状態を表示しています。' },

  // the games on this device: kept for good or not, export and import
  storageTitle: { en: 'How your games are kept', ja: 'ゲームの保存について' }, // not a list (a beginner looked for his game there)
  storageKept: { en: 'Saved games are kept on this device.', ja: '保存したゲームはこの端末に残ります。' },
  storageKeptHint: {
    en: "They stay until you delete them or clear this site's data.",
    ja: '削除するか、このサイトのデータを消去するまで残ります。',
  },
  storageMayClear: {
    en: 'The browser may clear saved games when space runs short.',
    ja: '空き容量が足りなくなると、ブラウザが保存したゲームを消すことがあります。',
  },
  storageMayClearHint: {
    en: 'Export them now and then to keep a copy.',
    ja: 'ときどき書き出して、控えを残しておくと安心です。',
  },
  storageChecking: { en: 'Checking how this browser keeps saved games…', ja: 'このブラウザでの保存のされ方を確認しています…' },
  exportAll: { en: 'Export all games', ja: 'すべてのゲームを書き出す' },
  exportNone: { en: 'There are no games to export yet.', ja: '書き出すゲームはまだありません。' },
  exportDone: { en: { one: '{0} game exported to {1}.', other: '{0} games exported to {1}.' }, ja: '{0}件のゲームを{1}に書き出しました。' },
  importGames: { en: 'Import a file', ja: 'ファイルを読み込む' },
  importHint: {
    en: 'A file of exported games (added to these), or one game record to watch as a replay.',
    ja: '書き出したゲームのファイル（ここに追加されます）、またはリプレイで見るゲームの記録1件を読み込めます。',
  },
  importChecking: { en: 'Checking the file…', ja: 'ファイルを確認しています…' },
  importAdded: { en: { one: '{0} game added.', other: '{0} games added.' }, ja: '{0}件のゲームを追加しました。' },
  importNothingNew: { en: 'No game added.', ja: '追加されたゲームはありません。' },
  importSame: { en: { one: '{0} was already on this device.', other: '{0} were already on this device.' }, ja: '{0}件はすでにこの端末にありました。' },
  importOlder: {
    en: {
      one: '{0} older finished game was left out: the list keeps the {1} newest.',
      other: '{0} older finished games were left out: the list keeps the {1} newest.',
    },
    ja: '古い終わったゲーム{0}件は追加していません（一覧には新しい{1}件まで残ります）。',
  },
  importTooBig: { en: 'This file is too large (more than {0} MB). Nothing was changed.', ja: 'このファイルは大きすぎます（{0} MB超）。何も変更していません。' },
  importUnreadable: { en: 'This file could not be read. Nothing was changed.', ja: 'このファイルを読み込めませんでした。何も変更していません。' },
  importEmpty: { en: 'This file is empty. Nothing was changed.', ja: 'このファイルは空です。何も変更していません。' },
  importNotJson: {
    en: 'This file is not JSON: it is neither a file of exported games nor a game record. Nothing was changed.',
    ja: 'このファイルはJSONではありません。書き出したゲームのファイルでも、ゲームの記録でもありません。何も変更していません。',
  },
  importWrongFormat: {
    en: 'This file is neither a file of exported games nor a game record. Nothing was changed.',
    ja: 'このファイルは、書き出したゲームのファイルでも、ゲームの記録でもありません。何も変更していません。',
  },
  importWrongVersion: {
    en: 'This file of games has version {0}; this app reads version {1}. Nothing was changed.',
    ja: 'このゲームのファイルの版は{0}です。このアプリが読めるのは版{1}です。何も変更していません。',
  },
  importUnknownGame: {
    en: 'This file holds a game this app does not have ("{0}"). Nothing was changed.',
    ja: 'このファイルには、このアプリにないゲーム（「{0}」）が入っています。何も変更していません。',
  },
  importDamaged: {
    en: 'Game {0} in this file is damaged. Nothing was changed.',
    ja: 'このファイルの{0}件目のゲームが壊れています。何も変更していません。',
  },
  importRefused: {
    en: 'Game {0} in this file could not be opened. Nothing was changed.',
    ja: 'このファイルの{0}件目のゲームを開けませんでした。何も変更していません。',
  },
  importRecordRefused: { en: 'This game record could not be opened.', ja: 'このゲームの記録は開けませんでした。' },
  importFull: {
    en: "There is not enough room on this device for these games. Nothing was changed.",
    ja: 'この端末にはこれらのゲームを保存する空きがありません。何も変更していません。',
  },
  importBlocked: {
    en: 'This browser does not let the page store games. Nothing was changed.',
    ja: 'このブラウザではゲームを保存できません。何も変更していません。',
  },
  importNoEngine: {
    en: 'The game engine is needed to check this file, and it could not start. Nothing was changed.',
    ja: 'このファイルの確認にはゲームエンジンが必要ですが、起動できませんでした。何も変更していません。',
  },

  // undo
  undo: { en: 'Undo', ja: '取り消し' },
  undoTitle: { en: 'Take back your last move', ja: '直前の手を取り消す' },
  undoBeforePass: { en: "Undo {0}'s last move", ja: '{0}さんの直前の手を取り消す' },
  undoFailed: { en: 'That move can no longer be taken back.', ja: 'その手はもう取り消せません。' },
  undone: { en: 'Move taken back.', ja: '手を取り消しました。' },

  // the hint at the table (issue 23, web/ui/hint.js) and its setup option
  hint: { en: 'Hint', ja: 'ヒント' },
  hintTitle: { en: 'Ask the coach for the best moves', ja: 'コーチに良い手を聞く' },
  hintHeading: { en: 'Coach', ja: 'コーチ' },
  hintThinking: { en: 'Thinking… {0}%', ja: '考えています… {0}%' },
  hintProgress: { en: 'How far the coach has thought', ja: 'コーチの検討の進み具合' },
  hintCancel: { en: 'Cancel', ja: 'やめる' },
  hintClose: { en: 'Close the hint', ja: 'ヒントを閉じる' },
  // ranked by the chance, then place, then points (a beginner took the points for the order)
  hintBest: { en: 'Best moves, highest chance to win first', ja: '良い手（勝つ見込みの高い順）' },
  hintWin: { en: '{0}%', ja: '{0}%' },
  hintRank: { en: 'Choice {0}', ja: '候補{0}' },
  hintPlay: { en: 'Play', ja: '指す' },
  hintPlayTitle: { en: 'Play this move', ja: 'この手を指す' },
  hintSetAside: { en: "What you had chosen was put back; the hint's move was played instead.", ja: '選びかけていたものは戻し、ヒントの手を指しました。' },
  hintMarked: { en: 'Marked on the table', ja: 'テーブルに印をつけました' },
  hintMarkedPicks: { en: 'What it takes is marked on the table', ja: 'この手で選ぶものにテーブルで印をつけました' },
  // "the buttons that set it" named a beginner's cards as buttons
  hintMarkedReach: { en: 'Marked on the table: what to tap to make it', ja: 'テーブルに印：この手にするためにタップするもの' },
  hintMarkedReachHow: { en: 'Marked on the table: {0}', ja: 'テーブルに印：{0}' },
  hintWinLabel: { en: 'chance to win', ja: '勝つ見込み' },
  hintAbout: { en: 'about', ja: '約' },
  hintPlace: { en: 'expected place {0}', ja: '予想順位{0}位' },
  hintPoints: { en: '{0} points on average', ja: '平均{0}点' },
  hintPoint: { en: '{0} point on average', ja: '平均{0}点' },
  hintAboutExplain: {
    en: 'About: this chance is within the search\'s margin of error of the move above. As far as the coach can tell, the two moves are about as good.',
    ja: '約：この確率は、上の手との差が探索の誤差の範囲内です。コーチに見分けられる限り、2つの手はほぼ同じくらい良い手です。',
  },
  hintWinExplain: {
    en: "The coach's estimate of your chance to win the whole game with this move: it plays on from here many times, everyone as the normal bot plays (where it stops short of the end, it estimates the chances from there). A guide, not a promise: a draw or another player's move can change it.",
    ja: 'この手を選んだときにゲーム全体で勝つ見込みの、コーチによる推定です。ここから全員が標準ボットの打ち方で何度も続きを遊んで求めます（終わりまで遊ばないときは、止めた局面から見込みを推定します）。約束ではなく目安で、引きや他の人の手で変わります。',
  },
  hintPlaceExplain: {
    en: 'Expected place: where you finish on average (1 is first) when the coach plays the game on from this move many times (where it looks ahead only to the end of the round, your place there).',
    ja: '予想順位：この手から続きを何度も遊んでみたときの、あなたの平均の順位（1が1位。ラウンドの終わりまでしか読まないゲームでは、その時点の順位）。',
  },
  hintPointsExplain: {
    en: "Your average score, in this game's points, when the coach plays the game on from this move many times (where it looks ahead only to the end of the round, your score there).",
    ja: 'この手から続きを何度も遊んでみたときの、あなたの平均の得点（このゲームの点数。ラウンドの終わりまでしか読まないゲームでは、その時点の得点）。',
  },
  hintByChance: {
    en: 'Best first: the higher chance to win, then the better place, then more points.',
    ja: '勝つ見込みの高い順です（同じなら順位、次に点数の順）。',
  },
  hintByPlace: {
    en: 'No move can still win: ranked by expected place, then points.',
    ja: 'どの手でももう勝つ見込みはありません。予想順位、次に点数で並べています。',
  },
  hintNote: {
    en: 'From what you can see only: the coach never looks at anything hidden from you, nor at what is still to come.',
    ja: 'あなたに見えている情報だけから考えています。あなたに見えないものや、まだ起きていないことは見ていません。',
  },
  hintNone: { en: 'The coach found nothing to suggest.', ja: 'コーチには提案できる手がありませんでした。' },
  hintFailed: { en: 'No hint now:', ja: '今はヒントを出せません：' },
  opt_hints: { en: 'Hints allowed', ja: 'ヒントを使える' },
  opt_hints_help: {
    en: 'A Hint button shows the best moves. The hints each player used are shown at the end.',
    ja: 'ヒントボタンで良い手を表示します。使ったヒントの回数は最後に表示されます。',
  },
  hintsField: { en: 'Coach', ja: 'コーチ' },
  hintsOffMany: { en: 'Off while several people play: turn it on if everyone agrees.', ja: '複数人で遊ぶのでオフです。全員が合意すればオンにできます。' },
  hintsUsed: { en: 'Hints used:', ja: '使ったヒント：' },
  hintsUsedBy: { en: { one: '{1} {0} hint', other: '{1} {0} hints' }, ja: '{1} {0}回' },

  // replay viewer
  replayTitle: { en: 'Replay', ja: 'リプレイ' },
  replayFirst: { en: 'To the start', ja: '最初へ' },
  replayBack: { en: 'Back one move', ja: '1手戻る' },
  replayForward: { en: 'Forward one move', ja: '1手進む' },
  replayLast: { en: 'To the end', ja: '最後へ' },
  replayPlay: { en: 'Play', ja: '再生' },
  replayPause: { en: 'Pause', ja: '停止' },
  // the position shown after the moves played so far: the analysis names a decision by the move
  // made there ('Move 2' is decided after move 1), so the bar speaks of before and after
  replayPosition: { en: 'After move {0} of {1}', ja: '{0}手目の後（全{1}手）' },
  replayBeforeFirst: { en: 'Before move 1 of {0}', ja: '1手目の前（全{0}手）' },
  replayStart: { en: 'The start of the game, before the first move.', ja: 'ゲーム開始時、最初の手の前です。' },
  replaySlider: { en: 'Position in the game', ja: 'ゲーム中の位置' },
  // a decision of the analysis opened: the seat's moves are drawn for reading, never to play
  replayDecision: { en: '{0}’s decision: the moves {0} could make, for reading only.', ja: '{0}の判断：選べた手（見るだけで、指せません）' },
  replayView: { en: 'View as', ja: '視点' },
  // a hand zone seen from no seat: in a replay (the spectator's view), or at a table of bots
  handsHiddenReplay: {
    en: 'The spectator\'s view hides the hands: choose a player under "View as" to see theirs.',
    ja: '観戦の視点では手札は見えません。「視点」でプレイヤーを選ぶと、その手札が見えます。',
  },
  handsHiddenWatching: { en: 'You are watching: the hands are hidden.', ja: '観戦中です。手札は見えません。' },
  handsHiddenPassed: { en: 'Hands are hidden while the tablet is passed.', ja: 'タブレットを渡す間、手札は隠されています。' },
  replaySpectator: { en: 'Spectator (hands hidden)', ja: '観戦者（手札は非公開）' },
  replaySpectatorPublic: { en: 'Spectator (all public)', ja: '観戦者（すべて公開）' },
  replaySeat: { en: '{0} (hand revealed)', ja: '{0}（手札を公開）' },
  replaySeatShort: { en: "{0}'s view", ja: '{0}の視点' },
  replayUnfinished: {
    en: 'The game is not over: hidden cards stay hidden.',
    ja: 'まだ終わっていないゲームなので、伏せ札は伏せたままです。',
  },
  replayLogHint: { en: 'Tap a line to go to that moment.', ja: '行をタップするとその場面へ移動します。' },
  replayNotFound: { en: 'This finished game is no longer on this device.', ja: 'この終わったゲームはもうこの端末にありません。' },

  // the replay viewer's analysis (issue 23, web/ui/analysis.js)
  analyse: { en: 'Analyse', ja: '分析する' },
  analyseTitle: {
    en: "Estimate each player's chance to win over the game and find the mistakes",
    ja: 'ゲームを通した各プレイヤーの推定勝率を出し、悪手を探します',
  },
  analysisTab: { en: 'Analysis', ja: '分析' },
  replaySideLabel: { en: 'Side panel', ja: 'サイドパネル' },
  analysingStart: { en: 'Analysing…', ja: '分析しています…' },
  analysing: { en: 'Analysing… decision {0} of {1}', ja: '分析しています… {1}回の判断のうち{0}回' },
  analysisProgress: { en: 'Analysis progress', ja: '分析の進み具合' },
  analysisWhile: {
    en: "The game engine replays each of the player's decisions and searches it again from what the player knew then. You can step through the game meanwhile.",
    ja: 'ゲームエンジンがプレイヤーの判断をひとつずつ、そのとき知っていたことだけから探索し直しています。その間もリプレイを操作できます。',
  },
  analysisFailed: { en: 'The analysis could not be made.', ja: '分析できませんでした。' },
  analysisAgain: { en: 'Analyse again', ja: 'もう一度分析する' },
  analysisWinChance: { en: 'Estimated chance to win', ja: '推定勝率' },
  analysisMovesTick: { en: { one: '{0} move', other: '{0} moves' }, ja: '{0}手' },
  analysisGraphLabel: {
    en: 'Graph of the estimated chance to win after each decision: {0}',
    ja: '判断ごとの推定勝率のグラフ：{0}',
  },
  analysisDecisions: { en: { one: '{0} decision', other: '{0} decisions' }, ja: '判断{0}回' },
  analysisMeanLoss: { en: 'average loss {0} a decision', ja: '1回の判断あたりの平均の損失{0}' },
  // the mean loss is over the decisions where the player could still win ({0} of them)
  analysisMeanLossOpen: {
    en: { one: 'loss {1} in the one decision with a chance to win', other: 'average loss {1} over the {0} decisions with a chance to win' },
    ja: '勝つ見込みのあった{0}回の判断で、1回あたりの平均の損失{1}',
  },
  analysisMeanLossNone: { en: 'no decision with a chance to win', ja: '勝つ見込みのあった判断はなし' },
  analysisMistakes: { en: { one: '{0} mistake', other: '{0} mistakes' }, ja: '悪手{0}回' },
  analysisSep: { en: ' · ', ja: '・' },
  analysisMistakesTitle: { en: 'Mistakes', ja: '悪手' },
  analysisNoMistakes: { en: 'No mistakes found.', ja: '悪手は見つかりませんでした。' },
  analysisMove: { en: 'Move {0}', ja: '{0}手目' },
  analysisLoss: { en: '−{0}%', ja: '−{0}%' },
  analysisPlayed: { en: 'Played:', ja: '選んだ手：' },
  analysisPoints: { en: 'Each decision: open it (arrow keys move between them)', ja: '各判断：開く（矢印キーで移動）' },
  analysisPoint: { en: 'Move {0}, {1}: chance to win {2}. Open this decision', ja: '{0}手目、{1}：勝つ見込み{2}。この判断を開く' },
  analysisPointMistake: {
    en: 'Move {0}, {1}: chance to win {2}, a mistake (−{3}). Open this decision',
    ja: '{0}手目、{1}：勝つ見込み{2}、悪手（−{3}）。この判断を開く',
  },
  analysisDecision: { en: 'Move {0}: {1}’s decision', ja: '{0}手目：{1}の判断' },
  // after the move's words, which end with a full stop: in brackets, so that "bids 15." and
  // "2%" never read as one number (a beginner read "bids 15.2%")
  analysisChance: { en: '({0} chance to win)', ja: '（勝つ見込み{0}）' },
  analysisWasBest: { en: 'The move played was the best the coach found.', ja: '選んだ手がコーチの見つけた最善手でした。' },
  analysisNotOnTable: { en: '(not drawn on the table here)', ja: '（この盤面には表示されません）' },
  analysisMarkedBoth: {
    en: 'On the table: ✓ the better move, ✗ the move played. The position is the one before the move.',
    ja: 'テーブルの印：✓がよりよい手、✗が選んだ手。手を指す前の局面です。',
  },
  analysisMarkedOne: { en: 'On the table: ✓ the move played. The position is the one before the move.', ja: 'テーブルの印：✓が選んだ手。手を指す前の局面です。' },
  // {2}: the game's chance in its own words, from the engine ("the cards turned up": a beginner
  // of Pharaoh read "the draws and the dice" in a game with no dice)
  analysisLuckAfter: {
    en: 'Afterwards, {2} and the other players’ moves changed {0}’s chance to win by {1}.',
    ja: 'そのあと、{2}と他の人の手で{0}の勝つ見込みが{1}変わりました。',
  },
  // an analysis kept before the engine named the game's chance
  analysisLuckChance: { en: 'luck', ja: '運' },
  analysisChoiceCost: { en: 'Choices cost {0}', ja: '自分の選択で−{0}' },
  analysisLuckCost: { en: '; luck cost {0}', ja: '、運で−{0}' },
  analysisLuckGave: { en: '; luck gave {0}', ja: '、運で+{0}' },
  analysisBetter: { en: 'Better:', ja: 'よりよい手：' },
  analysisKey: {
    en: 'A red ring marks a mistake; the red dashes above it, what it cost (from the better move’s chance down to the move played). The brown dotted line: the position shown; a brown dot, the decision opened.',
    ja: '赤い輪は悪手の印です。その上の赤い点線は失った分（よりよい手の見込みから、選んだ手の見込みまで）。茶色の点線は、いま表示している局面で、茶色の点は開いている判断です。',
  },
  analysisHow: {
    en: 'Each decision is searched from what that player knew then. A mistake gives away {0} or more of the chance to win. The average loss counts only the decisions where a win was still possible (3% or more): once no move can win, none can lose any chance. Tap a mistake to see it.',
    ja: '各判断は、そのときそのプレイヤーが知っていたことだけから探索しています。勝率を{0}以上下げた手を悪手としています。平均の損失は、まだ勝つ見込み（3%以上）があった判断だけで計算しています（勝てる手がなくなると、どの手でも失う勝率がないため）。悪手をタップするとその場面を表示します。',
  },
  analysisStale: {
    en: 'This analysis was made by an older version of the game engine.',
    ja: 'この分析は古い版のゲームエンジンで作られました。',
  },
  analysisSaved: { en: 'Saved with this game.', ja: 'この対局と一緒に保存しました。' },
  analysisFull: {
    en: 'Not saved: there is no room on this device. It is shown until you leave.',
    ja: 'この端末に空きがないため保存できませんでした。この画面を離れるまでは表示されます。',
  },
  analysisNotSaved: {
    en: 'Not saved with this game (it is no longer kept on this device, or the analysis is too large). It is shown until you leave.',
    ja: 'この対局と一緒に保存できませんでした（対局がこの端末にもうないか、分析が大きすぎます）。この画面を離れるまでは表示されます。',
  },
  analysisShared: {
    en: 'A shared game: its analysis is not kept on this device.',
    ja: '共有された対局なので、分析はこの端末に保存されません。',
  },

  // offline and updates
  updateReady: { en: 'A new version is ready.', ja: '新しいバージョンの準備ができました。' },
  updateReload: { en: 'Reload', ja: '再読み込み' },
  updateLater: { en: 'Later', ja: 'あとで' },
  offlineReady: { en: 'Stored on this device: it works offline.', ja: 'この端末に保存済み：オフラインでも遊べます。' },

  // part `cover` (issue 33): the give-back cover, Cancel while the engine opens something, names
  passBack: { en: 'Give the tablet back to {0}', ja: 'タブレットを{0}さんに返してください' },
  passBackHint: {
    en: 'The last move was taken back. Only {0} should look at the screen now.',
    ja: '直前の手を取り消しました。ここから先は{0}さんだけが見てください。',
  },
  cancelOpening: { en: 'Cancel', ja: 'キャンセル' },
  openingCancelled: {
    en: 'Opening cancelled. The game engine is starting again.',
    ja: '開くのをやめました。ゲームエンジンを再起動しています。',
  },
  engineBusy: { en: 'The engine is working…', ja: 'エンジンが計算中…' },
  // the name rule NAME-1 (web/ui/names.js); {0}: the most characters a name may have
  nameEmpty: { en: 'a name needs at least one visible character.', ja: '名前には見える文字が1文字以上必要です。' },
  nameTooLong: { en: 'a name may have at most {0} characters.', ja: '名前は{0}文字までです。' },
  nameHidden: {
    en: 'a name may not hold invisible or control characters (such as a text-direction mark).',
    ja: '名前に見えない文字や制御文字（文字の向きを変える記号など）は使えません。',
  },
  nameInvisible: { en: 'a name needs at least one visible character.', ja: '名前には見える文字が1文字以上必要です。' },

  // part `vault` (issue 33): a game in progress is named by its id; deals shared on purpose
  gameNotHere: { en: 'This game is not on this device.', ja: 'このゲームはこの端末にありません。' },
  gameNotHereHelp: {
    en: 'A game in progress is kept only on the device where it is played. Go back to the lobby to continue a game of this device or to start a new one.',
    ja: '進行中のゲームは、遊んでいる端末にだけ保存されます。ロビーに戻って、この端末のゲームを続けるか、新しいゲームを始めてください。',
  },
  shareDeal: { en: 'Share this deal', ja: 'この配りを共有' },
  shareDealTitle: { en: 'A link to this deal', ja: 'この配りへのリンク' },
  shareDealWarning: {
    en: 'This link reveals the deal: anyone who decodes it can work out every hand and every card still to come. Share it only with people who should know it, for example to play the same deal on another device. Start from this page to play this very deal.',
    ja: 'このリンクには配りが含まれています。解読すれば、だれでもすべての手札とこれから出るカードを知ることができます。知られてよい相手にだけ共有してください（たとえば、別の端末で同じ配りを遊ぶとき）。このページから始めると、この配りで遊べます。',
  },
  copyDealLink: { en: 'Copy the link', ja: 'リンクをコピー' },
  shareDealSet: {
    en: '"Start the game" plays the deal you shared: the same cards as its link. Changing the number of players or an option deals anew.',
    ja: '「ゲーム開始」で、共有した配り（リンクと同じカード）で遊びます。人数やオプションを変えると配り直しになります。',
  },
  shareDealFailed: { en: 'The deal could not be made.', ja: '配りを作れませんでした。' },
  exportSecretQ: {
    en: { one: 'The file will hold the whole record of {0} game in progress, with the hidden cards of every player. Anyone who opens the file can read them. Export anyway?', other: 'The file will hold the whole record of {0} games in progress, with the hidden cards of every player. Anyone who opens the file can read them. Export anyway?' },
    ja: 'ファイルには進行中のゲーム{0}件の記録がすべて入り、全員の伏せられたカードも含まれます。ファイルを開けばだれでも読めます。書き出しますか?',
  },
  exportSecretOk: { en: 'Export', ja: '書き出す' },
  exportVaultFailed: { en: 'The games in progress could not be read; nothing was exported.', ja: '進行中のゲームを読み込めなかったため、何も書き出していません。' },

  // part `imports` (issue 33): imports checked whole (web/ui/import-check.js), too long records
  // and links refused at once, an imported analysis shown as imported
  importLie: {
    en: 'Game {0} in this file ({1}) does not match its record: its field "{2}" says otherwise. Nothing was changed.',
    ja: 'このファイルの{0}件目のゲーム（{1}）は記録と合いません。項目「{2}」が記録と違います。何も変更していません。',
  },
  importLieFinished: {
    en: 'Game {0} in this file ({1}) is listed as finished (field "finished"), but its record is not over. Nothing was changed.',
    ja: 'このファイルの{0}件目のゲーム（{1}）は終わったゲーム（項目「finished」）とされていますが、記録では終わっていません。何も変更していません。',
  },
  importLieGoing: {
    en: 'Game {0} in this file ({1}) is listed as in progress (field "saves"), but its record is already over. Nothing was changed.',
    ja: 'このファイルの{0}件目のゲーム（{1}）は途中のゲーム（項目「saves」）とされていますが、記録ではもう終わっています。何も変更していません。',
  },
  importBadDate: {
    en: 'Game {0} in this file ({1}) has an impossible date in its field "{2}". Nothing was changed.',
    ja: 'このファイルの{0}件目のゲーム（{1}）の項目「{2}」の日時があり得ない値です。何も変更していません。',
  },
  importBadExported: {
    en: 'The date this file says it was exported (field "exported") is not a possible date. Nothing was changed.',
    ja: 'このファイルの書き出し日時（項目「exported」）があり得ない値です。何も変更していません。',
  },
  importTooLong: {
    en: 'Game {0} in this file ({1}) has a record longer than any game record may be (more than {2} kB). Nothing was changed.',
    ja: 'このファイルの{0}件目のゲーム（{1}）の記録は、ゲームの記録としては長すぎます（{2} kB超）。何も変更していません。',
  },
  importRecordTooLong: {
    en: 'This game record or link is longer than any game record may be (more than {0} kB). Nothing was changed.',
    ja: 'このゲームの記録またはリンクは、ゲームの記録としては長すぎます（{0} kB超）。何も変更していません。',
  },
  importCorrected: {
    en: {
      one: 'In {0} of them the names, scores or other details did not match the game record: they were taken from the record.',
      other: 'In {0} of them the names, scores or other details did not match the game records: they were taken from the records.',
    },
    ja: 'そのうち{0}件は、名前や得点などが記録と合わなかったため、記録の内容に直しました。',
  },
  linkTooLong: {
    en: 'This link is longer than any game link may be (more than 256 kB).',
    ja: 'このリンクはゲームのリンクとしては長すぎます（256 kB超）。',
  },
  analysisImported: {
    en: 'Imported analysis — not checked by this app.',
    ja: 'インポートした分析です（このアプリでは確認していません）。',
  },

  // warn (issue 31): the engine's marks of moves that can only lose, and why a control is off
  wasteTitle: { en: 'This move can only lose', ja: 'この手は損をするだけです' },
  wastePlay: { en: 'Play it anyway', ja: 'それでも指す' },
  wasteBack: { en: 'Choose again', ja: '選び直す' },
  opt_askWaste: { en: 'Ask before a move that can only lose', ja: '損をするだけの手の前に確認する' },
  opt_askWaste_help: {
    en: 'The table asks once before a move that can never help you (a Pharaoh pass with an empty hospital, a bid above your hand...). The rules pages list these moves.',
    ja: '決して得にならない手（病院が空のときのファラオパス、手札を超える入札など）を指す前に、一度だけ確認します。該当する手はルールのページにあります。',
  },
  whyOff: { en: 'Why is this off?', ja: 'なぜ使えないの?' },

  // ---- tutor (issue 31): "Learn to play", the guided first games (web/ui/tutorial.js)
  learnToPlay: { en: 'Learn to play', ja: '遊び方を学ぶ' },
  learnResume: { en: 'Resume lesson ({0} / {1})', ja: 'レッスンの続き（{0}/{1}）' },
  learnDone: { en: 'Learned', ja: '学習済み' },
  learnDoneTitle: { en: 'You have finished this game\'s lesson. Tap Learn to play to take it again.', ja: 'このゲームのレッスンは終わっています。「遊び方を学ぶ」でもう一度受けられます。' },
  learnTitle: { en: 'Lesson', ja: 'レッスン' },
  learnProgress: { en: 'Step {0} of {1}', ja: '{1}ステップ中{0}' },
  learnNext: { en: 'Next', ja: '次へ' },
  learnBack: { en: 'Back', ja: '戻る' },
  learnBackTitle: { en: 'Go back one step', ja: '1ステップ戻る' },
  learnLeave: { en: 'Leave', ja: 'やめる' },
  learnLeaveTitle: { en: 'Leave the lesson (it resumes here next time)', ja: 'レッスンをやめる（次回はここから再開）' },
  learnReal: { en: 'Play a real game', ja: '本番のゲームを遊ぶ' },
  learnSetup: { en: 'Choose the players', ja: '参加者を選ぶ' },
  learnYourMove: { en: 'Your move: tap the marked control.', ja: 'あなたの番。印のところをタップ。' },
  learnTapNext: { en: 'Read, then tap Next.', ja: '読んだら「次へ」をタップしてください。' },
  learnWatch: { en: 'Watch the other players…', ja: 'ほかのプレイヤーの手を見ましょう…' },
  learnHold: { en: 'Tap the marked button to go on.', ja: '印のついたボタンをタップして先へ進みましょう。' },
  learnTapHere: { en: 'Tap here', ja: 'ここをタップ' },
  learnWrong: { en: 'Not that one now: tap the marked control.', ja: '今はそこではありません。印のついたところをタップしてください。' },
  learnWrongRead: { en: 'Not yet: read the words, then tap Next.', ja: 'まだです。説明を読んでから「次へ」をタップしてください。' },
  learnFinished: { en: 'Lesson finished. Now try a real game against the bots.', ja: 'レッスン終了です。次はボットと本番のゲームをしてみましょう。' },
  learnNone: { en: 'This game has no lesson yet.', ja: 'このゲームにはまだレッスンがありません。' },

  // part preview (issue 31): limits while choosing, Yadokashi's High/Low preview, the end
  // screen's places
  pv_bgLimit: { en: { one: '{0} spot: at most {1} a spot', other: '{0} spots: at most {1} a spot' }, ja: '{0}マス：1マス最大{1}' },
  pv_bgPriceLimit: { en: 'at most {0} a spot', ja: '1マス最大{0}' },
  pv_bgLimitWhy: { en: '({0} ÷ {1})', ja: '（所持金{0}÷{1}）' },
  pv_hkMissing: { en: '{2} more to reach {1}.', ja: 'あと{2}金で{1}金に届きます。' },
  pv_hkEnough: { en: 'Enough: {1} gold reached.', ja: '{1}金に届いています。' },
  pv_hkOver: { en: '{2} over {1}, since each {3} pays {4} gold.', ja: '{3}は1枚{4}金なので{1}金より{2}金多くなります。' },
  pv_hkDouble: { en: 'Each {0} counts double now: {1} gold.', ja: '今は{0}が2倍：1枚{1}金。' },
  pv_ydPreviewOpen: { en: 'What each roll does', ja: '出目ごとの結果' },
  pv_ydPreviewExplain: { en: 'Shows, before you choose, what Move dice would do for every roll of the die, calling High and calling Low: which crabs grow and move, and the stars each player would get. It changes nothing.', ja: '選ぶ前に、ヒッコシダイスでハイ・ローを宣言したとき、出目ごとに何が起きるか（成長・引越しするヤドカリと各プレイヤーの星）を表示します。何も変わりません。' },
  pv_ydPreviewTitle: { en: 'Move dice, roll by roll: any roll can come.', ja: 'ヒッコシダイスの出目ごとの結果（どの目も出ます）。' },
  pv_ydHighRule: { en: 'High: crabs ≥ the roll grow by 1.', ja: 'ハイ：出目以上のヤドカリが1成長。' },
  pv_ydLowRule: { en: 'Low: crabs ≤ the roll grow by 1.', ja: 'ロー：出目以下のヤドカリが1成長。' },
  pv_ydRoll: { en: 'Roll {0}', ja: '出目{0}' },
  pv_ydRolls: { en: 'Rolls {0} to {1}', ja: '出目{0}〜{1}' },
  pv_ydLeave: { en: 'To the centre', ja: '中央へ' },
  pv_ydReborn: { en: 'Reborn on', ja: '生まれ変わり先' },
  pv_ydChoose: { en: '(you choose shell {0} or {1}; the lines below are for {0})', ja: '（ヤド{0}か{1}を選べます。下の行は{0}の場合）' },
  pv_ydStars: { en: 'Stars', ja: '星' },
  pv_ydYou: { en: 'You', ja: 'あなた' },
  pv_ydTotal: { en: '({0} of {1})', ja: '（{0}/{1}）' },
  pv_ydNone: { en: 'none', ja: 'なし' },
  pv_ydOver: { en: 'The game ends: {0} wins.', ja: 'ゲーム終了：{0}の勝ち。' },
  pv_ydCallHigh: { en: 'Roll: High', ja: 'ハイで振る' },
  pv_ydCallLow: { en: 'Roll: Low', ja: 'ローで振る' },
  pv_placesTitle: { en: 'Places', ja: '順位' },
  pv_place1: { en: '1st', ja: '1位' },
  pv_place2: { en: '2nd', ja: '2位' },
  pv_place3: { en: '3rd', ja: '3位' },
  pv_placeN: { en: '{0}th', ja: '{0}位' },
  pv_tiedPlace: { en: 'tied {0}', ja: '{0}（同率）' },
  pv_tieDecided: { en: 'Tied at {0} for {1}: {2} is {1}.', ja: '同点（{0}）で{1}を争い、{2}が{1}です。' },
  pv_tieShared: { en: 'Tied at {0} for {1}: {2} share {1}.', ja: '同点（{0}）で{1}を争い、{2}が{1}を分け合います。' },
  pv_sentenceSep: { en: ' ', ja: '' },
  pv_tieNoRule: { en: 'The rules break no tie for this place.', ja: 'この順位の同点を決めるルールはありません。' },
  pv_bgLimitZero: { en: 'Your price will be {0}: you buy no bags, but still take the money in your range.', ja: '値段は{0}になり、バッグは買えません（範囲内のお金は取れます）。' },

  // part `holds` (issue 31): moments that matter wait for the table (ui/moments.js)
  momentTitle: { en: 'What just happened', ja: 'いま起きたこと' },
  momentPrompt: { en: 'Look at what just happened, then tap Continue.', ja: 'いま起きたことを確かめたら「次へ進む」をタップしてください。' },
  momentContinue: { en: 'Continue', ja: '次へ進む' },
  moment_round: { en: 'Round results', ja: 'ラウンドの結果' },
  moment_shopping: { en: 'The shopping', ja: '購入の結果' },
  moment_party: { en: 'The party', ja: 'パーティー' },
  moment_pairs: { en: 'The pairs revealed', ja: '公開された2枚' },
  moment_roll: { en: 'The roll and what it did', ja: '出目とその結果' },
  moment_auction: { en: 'The auction and its payments', ja: '競りと支払いの結果' },
  moment_other: { en: 'Results', ja: '結果' },

  // taps: every mark explains itself by a tap (ui/explain.js)
  explainButton: { en: 'What does this mean? Tap, then tap a mark or a button', ja: '意味を調べる：押してから、マークやボタンをタップ' },
  explainAsk: { en: 'Tap a mark, a number or a button to see what it means. Nothing is played until you tap ? again.', ja: 'マーク・数字・ボタンをタップすると、その意味を表示します。もう一度「?」をタップするまで手は指されません。' },
  explainNothing: { en: 'Nothing to explain here.', ja: 'ここには説明がありません。' },
  roundExplain: { en: 'The game lasts {1} rounds; this is round {0}.', ja: 'ゲームは全{1}ラウンドで、いまは第{0}ラウンドです。' },
  hintMarkMeans: {
    en: "The coach's choice {0} (1 is its best): its chance to win and why are in the Coach panel.",
    ja: 'コーチの候補{0}（1が最善）。勝つ見込みと理由はコーチの欄にあります。',
  },
  brandHome: { en: 'Back to the list of games', ja: 'ゲーム一覧に戻る' },
  markBest: { en: "The best move the coach found here (the move played, when it was the best).", ja: 'コーチが見つけたこの局面の最善手（選んだ手が最善ならその手）。' },
  markPlayed: { en: 'The move played, where the coach found a better one (✓).', ja: '選んだ手。コーチはよりよい手（✓）を見つけました。' },
  explainYou: { en: 'Your seat: you play it at this tablet.', ja: 'あなたの席です。このタブレットで操作します。' },
  explainHuman: { en: '{0}: a person plays this seat at this tablet.', ja: '{0}：人が操作する席です（このタブレットで）。' },
  explainBot: { en: '{0}: a bot ({1}) plays this seat. The app makes its moves.', ja: '{0}：ボット（{1}）の席です。アプリが手を指します。' },

  // fix2b (trial 2b): a lesson's words wait for the board to finish moving (ui/tutorial.js)
  learnMoving: { en: 'Watch the board…', ja: '盤面の動きを見ましょう…' },
};

export const STRINGS = S;

function detect() {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved === 'en' || saved === 'ja') return saved;
  } catch (_) { /* storage may be blocked */ }
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  return nav.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

let current = detect();
const listeners = new Set();

export function lang() {
  return current;
}

export function setLang(value) {
  if (value !== 'en' && value !== 'ja') return;
  current = value;
  try { localStorage.setItem(LANG_KEY, value); } catch (_) { /* ignore */ }
  document.documentElement.lang = value;
  for (const fn of listeners) fn(value);
}

export function onLang(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Pick the current language from a {en, ja} object (engine texts, catalogue). */
export function tx(text) {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  return text[current] ?? text.en ?? '';
}

/** A label for a bot level (the engine may add levels: unknown ones show as they are). */
/**
 * Why a hand zone seen from no seat shows no hand: a replay's spectator view, a table of bots
 * watched, or the tablet passed between people.
 * @param {{replay?: boolean, humans?: number[]}} ctx the table's context
 */
export function hiddenHandWords(ctx) {
  if (ctx.replay) return t('handsHiddenReplay');
  return (ctx.humans || []).length ? t('handsHiddenPassed') : t('handsHiddenWatching');
}

export function levelName(level) {
  return S[`level_${level}`] ? t(`level_${level}`) : String(level ?? '');
}

/** The template of an entry in the current language; a plural entry ({one, other}) gives its form for n. */
function template(entry, n) {
  const text = entry[current] ?? entry.en;
  if (text && typeof text === 'object') return text[pluralCategory(n)] ?? text.other;
  return text;
}

const pluralRules = new Map();

/** The CLDR plural category of n in the current language ('one', 'other'...: Intl.PluralRules). */
export function pluralCategory(n) {
  let rules = pluralRules.get(current);
  if (!rules) {
    rules = new Intl.PluralRules(current);
    pluralRules.set(current, rules);
  }
  return rules.select(Number(n));
}

/** A UI string by key, with {0}, {1}... filled by plain values. */
export function t(key, ...args) {
  const entry = S[key];
  if (!entry) return key;
  return fill(template(entry, args[0]), args);
}

/**
 * A UI string about a count: the entry is `{ en: { one, other }, ja }` (each language may be a
 * plain string when its words do not change with the number); {0} is n, {1}, {2}... the args.
 */
export function tp(key, n, ...args) {
  const entry = S[key];
  if (!entry) return key;
  return fill(template(entry, n), [n, ...args]);
}

export function fill(template, args) {
  return String(template).replace(/\{(\d+)\}/g, (m, i) => (args[+i] !== undefined ? String(args[+i]) : m));
}

/**
 * A template whose {0}, {1}... become elements made by makeNode(index) (e.g. a <b> with a name as
 * textContent). Returns a DocumentFragment; nothing is parsed as HTML.
 */
export function fillNodes(template, makeNode) {
  const frag = document.createDocumentFragment();
  const parts = String(template).split(/\{(\d+)\}/);
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) frag.append(document.createTextNode(part));
    } else {
      const node = makeNode(+part);
      frag.append(node ?? document.createTextNode(`{${part}}`));
    }
  });
  return frag;
}

/** A UI string by key whose placeholders are DOM nodes. */
export function tn(key, ...nodes) {
  const entry = S[key];
  const text = entry ? template(entry, nodes[0]) : key;
  return fillNodes(text, (i) => {
    const n = nodes[i];
    if (n == null) return null;
    return typeof n === 'string' || typeof n === 'number' ? document.createTextNode(String(n)) : n;
  });
}

/**
 * A seat's name as shown: a default name the player never edited ("Player 2", "プレイヤー2",
 * "Bot 3"... for the seat at index i, in either language) follows the current language; any other
 * name is shown as typed. The record keeps the name it was started with (links and saves stay
 * the same).
 */
export function seatName(name, i) {
  const text = String(name ?? '');
  for (const key of ['defaultHuman', 'defaultBot']) {
    const entry = S[key];
    if (text === fill(entry.en, [i + 1]) || text === fill(entry.ja, [i + 1])) return t(key, i + 1);
  }
  return text;
}

/** Join a list of names for a sentence ("A, B and C" / "A、B、C"). */
export function joinNames(names) {
  if (current === 'ja') return names.join('、');
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

document.documentElement.lang = current;
