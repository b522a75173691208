/** The creative's window as the host sees it: its globals (console, timers, observers) included. */
export type HostWindow = Window & typeof globalThis
