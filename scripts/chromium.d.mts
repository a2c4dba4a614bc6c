export declare const CHROMIUM_ARGS: string[];
export declare const CHROMIUM_HELP: string;
export declare function findChromium(): Promise<string | null>;
