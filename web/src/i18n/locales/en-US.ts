import { enUS as feedStrings } from './areas/feed.en-US';
import { enUS as composerStrings } from './areas/composer.en-US';
import { enUS as billingStrings } from './areas/billing.en-US';
import { enUS as archiveStrings } from './areas/archive.en-US';
import { enUS as creditsStrings } from './areas/credits.en-US';
import { enUS as failureStrings } from './areas/failure.en-US';
import { enUS as connectionStrings } from './areas/connection.en-US';
import { enUS as moderationStrings } from './areas/moderation.en-US';
import { enUS as unreadStrings } from './areas/unread.en-US';
import type { LocaleResource } from './zh-CN';

/** English (fallback). */
const enUS: LocaleResource = {
  app: {
    name: 'AI Draw Space',
    description: 'Draw with AI together with your friends, in channels',
  },
  common: {
    languageMenu: 'Change language',
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
  live: {
    clientTooOld:
      'This page is out of date and can no longer receive live updates. Reload the page to get the new version.',
    serverTooOld:
      'The server runs an older version than this page, so live updates are paused. Reload the page a little later.',
    reload: 'Reload',
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
    createSubtitle: 'Drawing tasks submitted in a text channel appear live for all its members.',
    editSubtitle: 'Change the channel name and who may post.',
    channelType: 'Channel type',
    textChannel: 'Text Channel',
    textChannelHint: 'Send messages and drawing tasks',
    channelName: 'Channel name',
    channelNamePlaceholder: 'new-channel',
    muteAll: 'Mute everyone',
    muteAllHint: 'When on, only admins can send messages',
    engine: {
      label: 'Default drawing engine',
      hint: 'Members’ tasks in this channel are drawn by it unless they pick another next to the message box.',
      siteDefault: 'Site default ({{name}})',
      unavailable: 'Unavailable',
      badge: 'This channel draws with {{name}} by default',
    },
    muted: 'Muted',
    mutedHint: 'Everyone is muted: only admins can send messages',
    deleteConfirm: 'Delete this channel?',
    deleteChannel: 'Delete channel',
    deleteZoneHint: 'This cannot be undone: every member loses the channel.',
    deleteTitle: 'Delete #{{title}}',
    deleteIntro: '#{{title}} will be deleted for all {{count}} members, for good. Every member loses:',
    deleteLosesMessages: 'every chat message and drawing task in the channel',
    deleteLosesImages:
      'the images others drew here, from their archive (their own images stay in their own archive)',
    deleteLosesInvites: 'every invite link: they stop working at once',
    deleteTypeName: 'Type the channel name {{title}} to confirm',
    deleteSubmit: 'Delete channel',
    quitConfirm: 'Leave this channel?',
    actions: 'Channel actions',
    invite: 'Invite',
    edit: 'Edit',
    delete: 'Delete',
    quit: 'Leave',
    inviteTitle: 'Invite members to # {{title}}',
    inviteLinkLabel: 'Invite link',
    inviteLinkHint: 'Send this link to friends: they join the channel once signed in.',
    copyLink: 'Copy',
    copied: 'Copied',
    inviteExpiresAt: 'The link expires at {{time}}',
    inviteNeverExpires: 'The link never expires',
    expireLabel: 'Expire after',
    newLink: 'Generate a new link',
    deletedToast: 'The channel #{{title}} was deleted',
    removedToast: 'You were removed from #{{title}}',
    deniedToast: 'You no longer have access to #{{title}}',
    unknownChannel: 'this channel',
    expire: {
      hours1: '1 hour',
      hours6: '6 hours',
      hours12: '12 hours',
      day1: '1 day',
      days7: '7 days',
      never: 'Never',
    },
    errors: {
      titleRequired: 'Enter a channel name',
      titleTooLong: 'The channel name must be at most {{max}} characters',
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
    skipToComposer: 'Skip to the message box',
    welcomeTitle: 'Welcome to #{{title}}!',
    welcomeText:
      'This is the start of the #{{title}} channel. Drawing tasks submitted here appear live for everyone in it.',
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
    prompts: 'Prompts',
    previewTranslation: 'Show the English before sending',
    previewTranslationDescription:
      'Midjourney understands English: Chinese prompts are translated before they are sent. Turn this on to see the translation first and edit it.',
    unsaved: 'Careful — you have unsaved changes!',
    unsavedBlocked: 'Save or reset your changes before closing settings.',
    saveChanges: 'Save Changes',
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
    invitedBy: '{{name}} invited you to join',
    memberCount: 'Members: {{count}}',
    join: 'Accept Invite',
    signInToJoin: 'Sign in to join',
    joining: 'Joining…',
    joinSuccess: 'You joined the channel',
    notNow: 'Not now',
    invalidTitle: 'Invite Invalid',
    invalidText:
      'This invite may be expired, replaced, or the channel may have been deleted. Ask the person who invited you for a new link.',
    openApp: 'Go to my channels',
    loadFailed: 'The invite could not be loaded',
    retry: 'Try again',
    bannedTitle: 'You are banned from this channel',
    bannedText: 'Its creator banned you. No invite link lets you join until they lift the ban.',
  },
  members: {
    label: 'Member list',
    heading: 'Members — {{count}}',
    show: 'Show Member List',
    hide: 'Hide Member List',
    creator: 'Channel creator',
    remove: 'Remove from channel',
    removeNamed: 'Remove {{name}} from the channel',
    removeConfirm: 'Remove {{name}} from this channel?',
    removeSuccess: '{{name}} was removed from the channel',
    removeFailed: 'Could not remove the member',
    loadFailed: 'The member list could not be loaded',
    retry: 'Retry',
    actions: 'Actions for {{name}}',
    removeText: '{{name}} can rejoin with a valid invite link.',
    removeAction: 'Remove',
    ban: 'Ban from channel',
    banTitle: 'Ban {{name}}',
    banText:
      '{{name}} will be removed from this channel and cannot rejoin with any invite link until you unban them.',
    banReason: 'Reason (optional)',
    banReasonPlaceholder: 'Only you can see this',
    banConfirm: 'Ban',
    banSuccess: '{{name}} was banned from the channel',
    banFailed: 'Could not ban the member',
    banned: 'Banned — {{count}}',
    bannedLabel: 'Banned users',
    bannedReason: 'Reason: {{reason}}',
    unban: 'Unban',
    unbanNamed: 'Unban {{name}}',
    unbanSuccess: '{{name}} was unbanned and may join again with an invite',
    unbanFailed: 'Could not lift the ban',
    bannedLoadFailed: 'The banned list could not be loaded',
  },
  errors: {
    backHome: 'Back to home',
    notFoundTitle: 'This page got lost',
    notFoundText: "The page you are looking for doesn't exist or has moved.",
    serverErrorTitle: 'Something went wrong on our side',
    serverErrorText: 'The service is unavailable right now. Please try again later.',
    loadFailedTitle: 'This page did not load completely',
    loadFailedText: 'The site may have just been updated, or the network dropped. Reload to carry on.',
    reload: 'Reload',
  },
  legal: {
    backToLogin: 'Back to log in',
    backToApp: 'Back to the app',
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
            "The service is meant for adults. If you are under 18, use it only with the consent and guidance of a parent or guardian. If we learn that we collected a minor's data without such consent, we delete it promptly.",
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
            "You are responsible for the prompts, images and messages you submit, and you confirm you have the rights to them and that they do not infringe anyone's intellectual property, likeness or privacy.",
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
          paragraphs: [
            'We may change this agreement and will publish the new version on this page. Using the service after a change means you accept it.',
          ],
        },
        {
          heading: 'Governing law and contact',
          paragraphs: [
            "This agreement is governed by the laws of the People's Republic of China. Disputes are first settled by friendly negotiation; failing that, either party may bring the matter before the competent court where {{company}} is located.",
            'If you have any question about this agreement, contact us through the customer service channels published by {{company}}.',
          ],
        },
      ],
    },
  },
  ...feedStrings,
  ...archiveStrings,
  ...composerStrings,
  ...billingStrings,
  ...creditsStrings,
  ...failureStrings,
  ...connectionStrings,
  ...unreadStrings,
  ...moderationStrings,
};

export default enUS;
