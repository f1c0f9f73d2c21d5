import type { LocaleMessages } from './zh-CN.ts';

/** English. */
const enUS: LocaleMessages = {
  common: {
    ok: 'OK',
    cancel: 'Cancel',
    loading: 'Loading...',
    productName: 'Atrium',
  },
  route: {
    home: 'Home',
    login: 'Sign in',
    notFound: '404',
  },
  request: {
    defaultError: 'Request failed, please try again',
    verificationFailed: 'verification failed, please log in again',
  },
  guard: {
    hasError: 'Has Error',
  },
  login: {
    welcome: 'Welcome',
    accountTab: 'Account password login',
    scanTab: 'App scan login',
    smsTab: 'SMS verification login',
    scanNotEnabled:
      'Your organisation has not enabled sign-in by app scan. Please sign in with your account and password.',
    smsNotEnabled:
      'Your organisation has not enabled sign-in by SMS verification. Please sign in with your account and password.',
    accountPlaceholder: 'Account',
    accountRequired: 'Please enter your account',
    subAccountHint: 'Sub-account sign-in: mobile@account',
    passwordPlaceholder: 'Password',
    passwordRequired: 'Please enter your password',
    capsLock: 'Caps Lock is on',
    codePlaceholder: 'Verification code',
    codeRequired: 'Please enter the verification code',
    refreshCode: 'Hard to read? Click to refresh',
    captchaAlt: 'Verification code',
    submit: 'Sign in',
    submitting: 'Signing in...',
  },
  layout: {
    toggleSidebar: 'Toggle menu',
    logout: 'Log out',
    logoutTitle: 'Confirm',
    logoutConfirm: 'Are you sure you want to exit the application?',
    noPermission: 'Your permission is insufficient, contact the administrator',
    prevLoginTitle: 'Previous sign-in',
    prevLoginText: 'Last signed in at {{time}} from {{place}} (IP {{ip}})',
  },
  home: {
    greeting: 'Hello, {{name}}, welcome back!',
    organize: 'Organisation: {{organize}}',
    department: 'Department: {{department}}',
    todo: 'My to-do',
    myApplications: 'My applications',
    welcomeTitle: 'Welcome to {{sysName}}',
    version: 'Version: {{version}}',
    prevLoginTime: 'Previous sign-in: {{time}}',
    prevLoginIP: 'Previous sign-in IP: {{ip}}',
    firstLogin: 'This is your first sign-in.',
  },
  notFound: {
    title: '404',
    description: 'Sorry, the page you visited does not exist.',
    backHome: 'Back home',
  },
};

export default enUS;
