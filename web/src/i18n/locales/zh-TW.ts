import { feedLocale } from './areas/feed';
import { composerLocale } from './areas/composer';
import { billingLocale } from './areas/billing';
import type { LocaleResource } from './zh-CN';

/** 繁體中文 */
const zhTW: LocaleResource = {
  app: {
    name: 'AI 繪畫空間',
    description: '和朋友一起在頻道裡用 AI 畫畫',
  },
  common: {
    close: '關閉',
    cancel: '取消',
    confirm: '確定',
    home: '返回首頁',
    save: '儲存',
    reset: '重設',
    loading: '載入中…',
    saveSuccess: '儲存成功',
    copySuccess: '複製成功',
    deleteSuccess: '刪除成功',
    deleteFailed: '刪除失敗',
    quitSuccess: '退出成功',
    quitFailed: '退出失敗',
    regenerateSuccess: '重新生成成功',
    updateSuccess: '修改成功',
  },
  http: {
    requestFailed: '請求失敗，請稍後重試',
  },
  login: {
    formLabel: '登入表單',
    welcome: '歡迎回來！',
    subtitle: '很高興再次見到您！',
    tabPassword: '密碼登入',
    tabCode: '驗證碼登入',
    account: '手機號碼或電子郵件',
    accountPlaceholder: '請輸入手機號碼或電子郵件',
    password: '密碼',
    passwordPlaceholder: '請輸入密碼',
    phone: '手機號碼',
    phonePlaceholder: '請輸入手機號碼',
    code: '驗證碼',
    codePlaceholder: '6 位數字驗證碼',
    codeHint: '尚未註冊的手機號碼驗證後將自動建立帳號',
    sendCode: '取得驗證碼',
    resendIn: '{{seconds}} 秒後重送',
    codeSent: '驗證碼已送出',
    devCodeLabel: '開發環境驗證碼：',
    fillCode: '填入',
    fillCodeLabel: '將驗證碼填入輸入框',
    forgot: '忘記密碼？',
    submit: '登入',
    submitting: '登入中…',
    success: '登入成功',
    agreeLabel: '同意使用者協議和隱私權政策',
    agreePrefix: '我已閱讀並同意',
    userAgreement: '《使用者協議》',
    agreeAnd: '和',
    privacyPolicy: '《隱私權政策》',
    forgotTitle: '重設密碼',
    forgotSubtitle: '透過手機驗證碼設定一組新密碼',
    newPassword: '新密碼',
    newPasswordPlaceholder: '請輸入新密碼',
    newPasswordHint: '6–64 個字元',
    resetSubmit: '重設密碼',
    resetSuccess: '密碼已重設，請使用新密碼登入',
    backToLogin: '返回登入',
    errors: {
      accountRequired: '請輸入手機號碼或電子郵件',
      accountInvalid: '手機號碼或電子郵件格式不正確',
      passwordRequired: '請輸入密碼',
      passwordLength: '密碼長度需為 6–64 個字元',
      phoneRequired: '請輸入手機號碼',
      phoneInvalid: '手機號碼格式不正確',
      codeRequired: '請輸入驗證碼',
      codeInvalid: '請輸入 6 位數字驗證碼',
      agreeRequired: '請先閱讀並同意使用者協議和隱私權政策',
    },
  },
  rail: {
    label: '伺服器',
    draw: 'AI 繪畫',
    chat: 'AI 對話',
    chatUnavailable: '暫不開放此頻道功能！',
  },
  sidebar: {
    label: '頻道',
    serverMenu: '{{name}} 伺服器選單',
    general: '一般',
    editServerProfile: '編輯伺服器個人資料',
    textChannels: '文字頻道',
    createChannel: '建立頻道',
    collapse: '收合側邊欄',
    expand: '展開側邊欄',
  },
  channels: {
    empty: '暫無資料',
    emptyHint: '還沒有頻道，點擊 + 建立一個吧',
    createTitle: '建立頻道',
    editTitle: '修改頻道',
    channelType: '頻道類型',
    textChannel: '文字頻道',
    channelName: '頻道名稱',
    muteAll: '全員禁言',
    muteAllHint: '開啟後，只有管理員可以發送訊息',
    deleteConfirm: '確定刪除該頻道？',
    quitConfirm: '確定退出該頻道？',
    invite: '邀請',
    edit: '編輯',
    delete: '刪除',
    quit: '退出',
    inviteTitle: '邀請成員加入 # {{title}}',
    copyLink: '複製',
    inviteExpiresAt: '連結將於 {{time}} 過期',
    inviteNeverExpires: '連結永不過期',
    newLink: '產生新的連結',
    expire: {
      hours1: '1小時',
      hours6: '6小時',
      hours12: '12小時',
      day1: '1天',
      days7: '7天',
      never: '從不',
    },
  },
  footer: {
    openProfile: '{{name}} 的個人資料和設定',
  },
  user: {
    online: '線上',
  },
  main: {
    label: '頻道內容',
    welcomeTitle: '歡迎來到 #{{title}}！',
    welcomeText: '這是 #{{title}} 頻道的起點。在這裡提交繪畫任務，頻道裡的每個人都能即時看到。',
    noChannelTitle: '還沒有頻道',
    noChannelText: '建立一個文字頻道，邀請朋友一起用 AI 畫畫。',
  },
  subscribe: {
    title: '訂閱',
    description: '選擇適合你的方案，獲得更多繪畫額度。',
    placeholderTitle: '方案即將上架',
    placeholderText: '訂閱方案、付款和兌換碼會顯示在這裡。',
  },
  settings: {
    title: '使用者設定',
    profile: '個人資料',
    name: '顯示名稱',
    description: '個人簡介',
    descriptionPlaceholder: '介紹一下你自己',
    changeAvatar: '更換頭像',
    changeAvatarShort: '更換',
    appearance: '外觀',
    theme: '主題',
    themeDescription: '選擇介面的配色，自動將跟隨系統設定。',
    themes: {
      auto: '自動',
      light: '淺色',
      dark: '深色',
    },
    language: '語言',
    languageDescription: '選擇介面顯示的語言。',
    logout: '登出',
    errors: {
      nameRequired: '請輸入名稱',
      nameTooLong: '名稱不能超過 {{max}} 個字元',
      descriptionTooLong: '簡介不能超過 {{max}} 個字元',
      avatarType: '頭像只支援 jpg、jpeg、png、gif 格式',
      avatarSize: '頭像圖片不能超過 1M',
    },
  },
  invite: {
    loadingTitle: '正在載入邀請…',
    loadingText: '請稍候，我們正在取得頻道資訊。',
  },
  errors: {
    backHome: '返回首頁',
    notFoundTitle: '頁面走丟了',
    notFoundText: '你要找的頁面不存在，或已被移動。',
    serverErrorTitle: '伺服器開小差了',
    serverErrorText: '服務暫時無法使用，請稍後再試。',
  },
  legal: {
    backToLogin: '返回登入',
    contents: '目錄',
    privacy: {
      title: '隱私權政策',
      updated: '最近更新：2025 年 6 月 1 日',
      intro:
        '{{company}}（以下簡稱「我們」）非常重視你的個人資料與隱私。本政策說明你使用 {{company}} 的 AI 繪畫頻道服務時，我們會蒐集哪些資料、如何使用和保護這些資料，以及你享有的權利。請在使用服務前仔細閱讀。',
      sections: [
        {
          heading: '我們蒐集的資料',
          paragraphs: [
            '帳號資料：註冊和登入時你提供的手機號碼或電子郵件、密碼（僅以不可逆的雜湊形式保存）、顯示名稱、頭像和個人簡介。',
            '創作內容：你在頻道中提交的提示詞、上傳的參考圖片、生成的圖片、發送的訊息，以及你對圖片執行的操作（放大、變化、重繪等）。',
            '交易資料：訂閱方案、訂單編號、付款狀態和兌換碼使用紀錄。我們不會保存你的信用卡號或付款密碼，這些資料由支付機構直接處理。',
            '裝置與日誌資料：IP 位址、瀏覽器類型、存取時間、請求紀錄和錯誤日誌，用於保障服務安全和排查問題。',
          ],
        },
        {
          heading: '我們如何使用資料',
          paragraphs: [
            '為你提供服務：驗證身分、保持登入狀態、在頻道內向成員即時顯示繪畫任務和訊息、計算並扣除繪畫額度。',
            '改善與安全：分析服務的穩定性和效能，識別和阻止濫用、詐欺、大量註冊等行為。',
            '通知：發送登入驗證碼，以及與訂單、帳號安全相關的必要提醒。未經你同意，我們不會向你發送行銷訊息。',
          ],
        },
        {
          heading: '提示詞與 AI 生成的圖片',
          paragraphs: [
            '為完成繪畫任務，你的提示詞和參考圖片會被傳送給圖像生成引擎處理。引擎可能是 {{company}} 內建的離線引擎，也可能是經設定接入的第三方服務；使用第三方服務時，我們只傳送完成任務所必需的內容。',
            '頻道是共享空間：你在頻道中提交的任務、生成的圖片和訊息對該頻道的所有成員可見。請不要在頻道中提交你不希望其他成員看到的內容。',
          ],
        },
        {
          heading: '資料的儲存與安全',
          paragraphs: [
            '你的資料儲存在 {{company}} 使用的伺服器上。我們採用加密傳輸、密碼雜湊、存取控制和權杖撤銷等措施保護你的資料，登出後目前的權杖立即失效。',
            '我們僅在實現本政策所述目的所需的期間內保留資料。註銷帳號後，我們會在合理期間內刪除或匿名化你的個人資料，法律另有規定者除外。',
          ],
        },
        {
          heading: '資料的分享',
          paragraphs: [
            '我們不會出售你的個人資料。僅在下列情況下分享：為發送簡訊驗證碼與簡訊服務商分享手機號碼；為完成付款與支付機構分享訂單資料；為完成繪畫任務與圖像生成服務分享任務內容；以及法律要求或為保護使用者和公眾安全所必需的情形。',
          ],
        },
        {
          heading: '瀏覽器本機儲存',
          paragraphs: [
            '我們在你的瀏覽器本機儲存中保存登入權杖（隨權杖到期自動失效）、使用者資料快取（預設 7 天後失效）以及主題、語言和側邊欄狀態等介面設定。你可以隨時透過登出或清除瀏覽器資料刪除這些資料。',
          ],
        },
        {
          heading: '你的權利',
          paragraphs: [
            '你可以在「使用者設定」中檢視和修改你的名稱、簡介和頭像，可以刪除你建立的頻道或退出你加入的頻道。',
            '你有權要求查閱、更正、刪除你的個人資料或註銷帳號。我們會在核實身分後盡快處理，一般不超過 15 個工作天。',
          ],
        },
        {
          heading: '未成年人保護',
          paragraphs: [
            '本服務主要面向成年人。如果你未滿 18 歲，請在法定代理人的同意和指導下使用。如發現在未獲法定代理人同意的情況下蒐集了未成年人資料，我們會盡快刪除。',
          ],
        },
        {
          heading: '政策的更新',
          paragraphs: [
            '我們可能會不時更新本政策。重大變更時，我們會透過頁面提示等方式通知你。更新後繼續使用服務，即表示你同意更新後的政策。',
          ],
        },
        {
          heading: '聯絡我們',
          paragraphs: [
            '如果你對本政策或你的個人資料有任何疑問、意見或申訴，請透過 {{company}} 公布的客服管道與我們聯絡，我們會及時回覆。',
          ],
        },
      ],
    },
    agreement: {
      title: '使用者協議',
      updated: '最近更新：2025 年 6 月 1 日',
      intro:
        '歡迎使用 {{company}}。本協議是你與 {{company}}（以下簡稱「我們」）之間關於使用 AI 繪畫頻道服務的約定。註冊、登入或使用本服務，即表示你已閱讀、理解並同意本協議的全部內容。',
      sections: [
        {
          heading: '服務內容',
          paragraphs: [
            '{{company}} 提供一個類似聊天伺服器的協作空間：你可以建立文字頻道、透過連結邀請他人加入，並在頻道中提交 AI 繪畫任務，頻道成員可即時看到任務的進度和結果。',
            '我們可能依業務發展調整、增加或暫停部分功能，並會盡量提前告知。',
          ],
        },
        {
          heading: '帳號註冊與安全',
          paragraphs: [
            '你可以使用手機號碼或電子郵件註冊登入。你應提供真實、有效的資料，並妥善保管密碼和驗證碼，不得將帳號出借、轉讓或出售給他人。',
            '因你保管不善導致的帳號被盜用或損失，由你自行承擔。發現帳號異常時，請立即修改密碼或聯絡我們。',
          ],
        },
        {
          heading: '頻道與社群規則',
          paragraphs: [
            '頻道建立者是頻道的管理員，可以修改、刪除頻道，產生或更換邀請連結，移除成員，並可開啟「全員禁言」，此時只有管理員可以發送訊息和提交任務。',
            '你應尊重其他成員，不得在頻道中騷擾他人、洗版或發布違法內容。我們有權對違規頻道和帳號採取限制措施。',
          ],
        },
        {
          heading: '使用者內容與 AI 生成圖片',
          paragraphs: [
            '你對自己提交的提示詞、上傳的圖片和發送的訊息負責，並保證擁有相應的權利，不侵犯任何第三方的智慧財產權、肖像權或隱私權。',
            '在法律允許的範圍內，你使用本服務生成的圖片歸你所有，你可以自行使用。為提供服務，你授權我們在服務範圍內儲存、處理和向頻道成員展示這些內容。',
            '禁止利用本服務生成色情、暴力、恐怖、歧視、侵害他人權益或其他違反法律的內容。AI 生成的內容可能存在不準確或意外的結果，請自行判斷後使用。',
          ],
        },
        {
          heading: '方案、額度與付款',
          paragraphs: [
            '部分功能需要消耗繪畫額度。你可以購買按日、按月或按年計費的方案，或使用兌換碼取得額度或方案。價格和權益以購買頁面顯示為準。',
            '繪畫任務失敗時，所扣除的額度會自動退回。除法律另有規定或我們另有承諾外，已支付的費用和已兌換的兌換碼不予退還。',
          ],
        },
        {
          heading: '使用規範',
          paragraphs: [
            '你不得以任何方式干擾服務正常運作，包括但不限於：使用自動化程式大量請求、破解或繞過額度和權限限制、攻擊伺服器、轉售帳號或額度。',
          ],
        },
        {
          heading: '服務的中斷與終止',
          paragraphs: [
            '我們會盡力保持服務穩定，但可能因系統維護、第三方服務故障或不可抗力導致服務中斷。對於此類中斷，我們會盡快恢復。',
            '如你嚴重違反本協議，我們有權暫停或終止向你提供服務。你也可以隨時停止使用並申請註銷帳號。',
          ],
        },
        {
          heading: '免責與責任限制',
          paragraphs: [
            '本服務按「現狀」提供。在法律允許的最大範圍內，我們不對 AI 生成內容的準確性、適用性作出保證，也不對因使用生成內容產生的間接損失承擔責任。',
          ],
        },
        {
          heading: '協議的修改',
          paragraphs: ['我們可能會修改本協議，修改後的協議將在本頁面公布。修改後繼續使用服務，即表示你接受修改後的協議。'],
        },
        {
          heading: '準據法與聯絡方式',
          paragraphs: [
            '本協議適用中華人民共和國法律。因本協議產生的爭議，雙方應友好協商解決；協商不成的，可向 {{company}} 所在地有管轄權的法院提起訴訟。',
            '如對本協議有任何疑問，請透過 {{company}} 公布的客服管道與我們聯絡。',
          ],
        },
      ],
    },
  },
  ...feedLocale['zh-TW'],
  ...composerLocale['zh-TW'],
  ...billingLocale['zh-TW'],
};

export default zhTW;
