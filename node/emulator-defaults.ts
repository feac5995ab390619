/** Where the local emulator listens and the key it accepts when nothing else is configured: the command line's defaults point there. */

/** The key the emulator accepts when no other is configured. It is public: printing it is fine. */
export const DEMO_KEY = 'partspec-demo-key';

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
