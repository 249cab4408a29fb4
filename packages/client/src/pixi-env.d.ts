// Pixi's package exports these side-effect modules (its browser extensions, its filters) without types of their own;
// main.ts imports them only to fetch them early.
declare module 'pixi.js/browser';
declare module 'pixi.js/filters';
