import { feedLocale } from './areas/feed';
import { composerLocale } from './areas/composer';
import { billingLocale } from './areas/billing';
import type { LocaleResource } from './zh-CN';

/** English (fallback). */
const enUS: LocaleResource = {
  app: {
    name: 'AI Draw Space',
    description: 'Draw with AI together with your friends, in channels',
  },
  common: {
    close: 'Close',
    cancel: 'Cancel',
    confirm: 'OK',
    home: 'Home',
    save: 'Save',
    reset: 'Reset',
    loading: 'Loading…',
    saveSuccess: 'Saved',
    copySuccess: 'Copied',
    deleteSuccess: 'Deleted',
    deleteFailed: 'Delete failed',
    quitSuccess: 'You left the channel',
    quitFailed: 'Could not leave the channel',
    regenerateSuccess: 'Regenerated',
    updateSuccess: 'Updated',
  },
  http: {
    requestFailed: 'Request failed, please try again later',
  },
  login: {
    formLabel: 'Sign-in form',
    welcome: 'Welcome back!',
    subtitle: "We're so excited to see you again!",
    tabPassword: 'Password',
    tabCode: 'Phone code',
    account: 'Phone or email',
    accountPlaceholder: 'Enter your phone number or email',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    phone: 'Phone number',
    phonePlaceholder: 'Enter your phone number',
    code: 'Verification code',
    codePlaceholder: '6-digit code',
    codeHint: 'A new account is created for a phone number that is not registered yet',
    sendCode: 'Send code',
    resendIn: 'Resend in {{seconds}}s',
    codeSent: 'Verification code sent',
    devCodeLabel: 'Development code:',
    fillCode: 'Fill in',
    fillCodeLabel: 'Fill in the code',
    forgot: 'Forgot your password?',
    submit: 'Log In',
    submitting: 'Logging in…',
    success: 'Logged in',
    agreeLabel: 'Agree to the User Agreement and Privacy Policy',
    agreePrefix: 'I have read and agree to the',
    userAgreement: 'User Agreement',
    agreeAnd: 'and',
    privacyPolicy: 'Privacy Policy',
    forgotTitle: 'Reset your password',
    forgotSubtitle: 'Set a new password with a code sent to your phone',
    newPassword: 'New password',
    newPasswordPlaceholder: 'Enter a new password',
    newPasswordHint: '6–64 characters',
    resetSubmit: 'Reset password',
    resetSuccess: 'Password reset. Log in with your new password',
    backToLogin: 'Back to log in',
    errors: {
      accountRequired: 'Enter your phone number or email',
      accountInvalid: 'Not a valid phone number or email',
      passwordRequired: 'Enter your password',
      passwordLength: 'The password must be 6–64 characters',
      phoneRequired: 'Enter your phone number',
      phoneInvalid: 'Not a valid phone number',
      codeRequired: 'Enter the verification code',
      codeInvalid: 'Enter the 6-digit code',
      agreeRequired: 'Please read and accept the User Agreement and Privacy Policy first',
    },
  },
  rail: {
    label: 'Servers',
    draw: 'AI Drawing',
    chat: 'AI Chat',
    chatUnavailable: 'This channel is not open yet!',
  },
  sidebar: {
    label: 'Channels',
    serverMenu: '{{name}} server menu',
    general: 'General',
    editServerProfile: 'Edit Server Profile',
    textChannels: 'Text Channels',
    createChannel: 'Create Channel',
    collapse: 'Collapse sidebar',
    expand: 'Expand sidebar',
  },
  channels: {
    empty: 'No Data',
    emptyHint: 'No channels yet. Press + to create one',
    createTitle: 'Create Channel',
    editTitle: 'Edit Channel',
    channelType: 'Channel type',
    textChannel: 'Text Channel',
    channelName: 'Channel name',
    muteAll: 'Mute everyone',
    muteAllHint: 'When on, only admins can send messages',
    deleteConfirm: 'Delete this channel?',
    quitConfirm: 'Leave this channel?',
    invite: 'Invite',
    edit: 'Edit',
    delete: 'Delete',
    quit: 'Leave',
    inviteTitle: 'Invite members to # {{title}}',
    copyLink: 'Copy',
    inviteExpiresAt: 'The link expires at {{time}}',
    inviteNeverExpires: 'The link never expires',
    newLink: 'Generate a new link',
    expire: {
      hours1: '1 hour',
      hours6: '6 hours',
      hours12: '12 hours',
      day1: '1 day',
      days7: '7 days',
      never: 'Never',
    },
  },
  footer: {
    openProfile: "{{name}}'s profile and settings",
  },
  user: {
    online: 'Online',
  },
  main: {
    label: 'Channel content',
    welcomeTitle: 'Welcome to #{{title}}!',
    welcomeText: 'This is the start of the #{{title}} channel. Drawing tasks submitted here appear live for everyone in it.',
    noChannelTitle: 'No channels yet',
    noChannelText: 'Create a text channel and invite friends to draw with AI together.',
  },
  subscribe: {
    title: 'Subscribe',
    description: 'Pick the plan that suits you and get more drawing credits.',
    placeholderTitle: 'Plans are coming soon',
    placeholderText: 'Subscription plans, payment and redeem codes will appear here.',
  },
  settings: {
    title: 'User Settings',
    profile: 'Profile',
    name: 'Display name',
    description: 'About me',
    descriptionPlaceholder: 'Tell others about yourself',
    changeAvatar: 'Change avatar',
    changeAvatarShort: 'Change',
    appearance: 'Appearance',
    theme: 'Theme',
    themeDescription: 'Choose the colours of the interface. Auto follows your system.',
    themes: {
      auto: 'Auto',
      light: 'Light',
      dark: 'Dark',
    },
    language: 'Language',
    languageDescription: 'Choose the language of the interface.',
    logout: 'Log Out',
    errors: {
      nameRequired: 'Enter a name',
      nameTooLong: 'The name can be at most {{max}} characters',
      descriptionTooLong: 'The description can be at most {{max}} characters',
      avatarType: 'Avatars must be jpg, jpeg, png or gif',
      avatarSize: 'The avatar image must not be over 1M',
    },
  },
  invite: {
    loadingTitle: 'Loading the invite…',
    loadingText: 'Hang on, we are fetching the channel.',
  },
  errors: {
    backHome: 'Back to home',
    notFoundTitle: 'This page got lost',
    notFoundText: "The page you are looking for doesn't exist or has moved.",
    serverErrorTitle: 'Something went wrong on our side',
    serverErrorText: 'The service is unavailable right now. Please try again later.',
  },
  legal: {
    backToLogin: 'Back to log in',
    contents: 'Contents',
    privacy: {
      title: 'Privacy Policy',
      updated: 'Last updated: June 1, 2025',
      intro:
        '{{company}} ("we", "us") takes your personal information and privacy seriously. This policy explains what we collect when you use the {{company}} AI drawing channels, how we use and protect it, and the rights you have. Please read it before using the service.',
      sections: [
        {
          heading: 'Information we collect',
          paragraphs: [
            'Account data: the phone number or email you sign up with, your password (kept only as an irreversible hash), display name, avatar and description.',
            'Your creations: the prompts you submit in channels, the reference images you upload, the images generated for you, the messages you send and the actions you take on images (upscale, vary, reroll and so on).',
            'Transactions: the plans you subscribe to, order numbers, payment status and redeem-code use. We never store card numbers or payment passwords; payment providers handle them directly.',
            'Device and log data: IP address, browser type, access times, request records and error logs, used to keep the service secure and to fix problems.',
          ],
        },
        {
          heading: 'How we use it',
          paragraphs: [
            'To provide the service: verifying who you are, keeping you signed in, showing drawing tasks and messages live to the members of a channel, and counting and deducting drawing credits.',
            'To improve and protect the service: measuring stability and performance, and detecting and stopping abuse, fraud and mass registrations.',
            'To notify you: sending sign-in codes and the notices your orders and account security require. We never send you marketing without your consent.',
          ],
        },
        {
          heading: 'Prompts and AI-generated images',
          paragraphs: [
            'To carry out a drawing task, your prompt and reference images are sent to an image engine: the offline engine built into {{company}}, or a third-party service it has been configured to use. With a third-party service, we only send what the task needs.',
            'Channels are shared spaces: the tasks, images and messages you post in a channel are visible to every member of that channel. Do not post anything there that you would not want its members to see.',
          ],
        },
        {
          heading: 'Storage and security',
          paragraphs: [
            'Your data is stored on the servers {{company}} uses. We protect it with encrypted transport, password hashing, access control and revocable sessions; logging out ends your current session at once.',
            'We keep data only as long as the purposes in this policy need. When you close your account we delete or anonymise your personal information within a reasonable time, unless the law requires us to keep it.',
          ],
        },
        {
          heading: 'Sharing',
          paragraphs: [
            'We do not sell your personal information. We share it only: with the SMS provider, to send your sign-in codes; with the payment provider, to complete a payment; with the image engine, to complete a task; and where the law requires it or where it is needed to protect users and the public.',
          ],
        },
        {
          heading: 'Local storage in your browser',
          paragraphs: [
            'We keep your session token in your browser (it expires with the session), a copy of your profile (expires after 7 days by default) and interface settings such as theme, language and sidebar state. Logging out or clearing your browser data removes them.',
          ],
        },
        {
          heading: 'Your rights',
          paragraphs: [
            'You can view and change your name, description and avatar in User Settings, delete the channels you created and leave the channels you joined.',
            'You may ask us to give you access to, correct or delete your personal information, or to close your account. We handle such requests once we have verified your identity, normally within 15 working days.',
          ],
        },
        {
          heading: 'Children',
          paragraphs: [
            'The service is meant for adults. If you are under 18, use it only with the consent and guidance of a parent or guardian. If we learn that we collected a minor\'s data without such consent, we delete it promptly.',
          ],
        },
        {
          heading: 'Changes to this policy',
          paragraphs: [
            'We may update this policy from time to time and will tell you about significant changes, for example with a notice on the site. Using the service after an update means you accept the updated policy.',
          ],
        },
        {
          heading: 'Contact us',
          paragraphs: [
            'If you have any question, comment or complaint about this policy or your personal information, contact us through the customer service channels published by {{company}}. We will reply promptly.',
          ],
        },
      ],
    },
    agreement: {
      title: 'User Agreement',
      updated: 'Last updated: June 1, 2025',
      intro:
        'Welcome to {{company}}. This agreement sets out the terms between you and {{company}} ("we", "us") for using the AI drawing channel service. By signing up, logging in or using the service you confirm that you have read, understood and accepted all of it.',
      sections: [
        {
          heading: 'The service',
          paragraphs: [
            '{{company}} offers a collaborative space laid out like a chat server: you can create text channels, invite others with a link and submit AI drawing tasks in a channel, whose members see each task progress and finish live.',
            'We may change, add or pause features as the service evolves, and will try to tell you in advance.',
          ],
        },
        {
          heading: 'Your account',
          paragraphs: [
            'You can sign up with a phone number or an email address. Give true and valid information, keep your password and codes safe, and do not lend, transfer or sell your account.',
            'You are responsible for losses caused by failing to keep your credentials safe. If you notice anything unusual, change your password or contact us right away.',
          ],
        },
        {
          heading: 'Channels and community rules',
          paragraphs: [
            'The creator of a channel is its admin: they can edit or delete it, generate or replace invite links, remove members, and turn on "mute everyone", after which only admins can post messages and submit tasks.',
            'Respect other members. Do not harass anyone, flood channels or post illegal content. We may restrict channels and accounts that break these rules.',
          ],
        },
        {
          heading: 'Your content and AI-generated images',
          paragraphs: [
            'You are responsible for the prompts, images and messages you submit, and you confirm you have the rights to them and that they do not infringe anyone\'s intellectual property, likeness or privacy.',
            'As far as the law allows, the images you generate with the service are yours to use. So that we can provide the service, you allow us to store and process them and show them to the members of the channel.',
            'Do not use the service to generate pornographic, violent, terrorist or discriminatory content, content that infringes the rights of others, or anything else that breaks the law. AI output can be inaccurate or unexpected; review it before you use it.',
          ],
        },
        {
          heading: 'Plans, credits and payments',
          paragraphs: [
            'Some features spend drawing credits. You can buy daily, monthly or yearly plans, or use redeem codes for credits or plans. Prices and benefits are those shown on the purchase screen.',
            'When a drawing task fails, its credits are returned automatically. Unless the law or a specific promise from us says otherwise, payments and redeemed codes are not refundable.',
          ],
        },
        {
          heading: 'Acceptable use',
          paragraphs: [
            'Do not interfere with the service in any way, including sending automated bulk requests, cracking or bypassing credit and permission limits, attacking the servers, or reselling accounts or credits.',
          ],
        },
        {
          heading: 'Interruption and termination',
          paragraphs: [
            'We work to keep the service stable, but maintenance, failures of third-party services or force majeure may interrupt it. We restore it as quickly as we can.',
            'If you seriously breach this agreement we may suspend or end your access. You may stop using the service and ask to close your account at any time.',
          ],
        },
        {
          heading: 'Disclaimer and limitation of liability',
          paragraphs: [
            'The service is provided "as is". To the fullest extent the law allows, we make no promise about the accuracy or fitness of AI-generated content and are not liable for indirect losses arising from its use.',
          ],
        },
        {
          heading: 'Changes to this agreement',
          paragraphs: ['We may change this agreement and will publish the new version on this page. Using the service after a change means you accept it.'],
        },
        {
          heading: 'Governing law and contact',
          paragraphs: [
            'This agreement is governed by the laws of the People\'s Republic of China. Disputes are first settled by friendly negotiation; failing that, either party may bring the matter before the competent court where {{company}} is located.',
            'If you have any question about this agreement, contact us through the customer service channels published by {{company}}.',
          ],
        },
      ],
    },
  },
  ...feedLocale['en-US'],
  ...composerLocale['en-US'],
  ...billingLocale['en-US'],
};

export default enUS;
