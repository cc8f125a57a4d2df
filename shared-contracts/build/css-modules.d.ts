// Ambient types for CSS imports; every front-end tsconfig includes build/*.d.ts.
/** CSS Modules: a default export mapping local class names to generated ones. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

/** The global design tokens, imported for their side effect only. */
declare module '*/tokens.css';
