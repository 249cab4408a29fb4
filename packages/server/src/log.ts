import pino from 'pino';
import { config } from './config';

/** Structured JSON logs on stdout; tables log through `logger.child({ table, game })`. */
export const logger = pino({ level: config.logLevel, base: { pid: process.pid } });
