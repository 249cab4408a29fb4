import { Application } from 'pixi.js';

/**
 * True when WebGL would run on the CPU (SwiftShader, llvmpipe: no GPU, e.g. headless or a VM). There every WebGL
 * frame costs ~100 ms, while Pixi's 2D canvas renderer keeps 60 fps for a card table.
 */
function softwareWebGL(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return true;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|software|basic render/i.test(name);
  } catch {
    return true;
  }
}

/**
 * A Pixi application filling `host`, resized with it. Shared by every game's scene. Its ticker is stopped:
 * a scene calls `app.render()` after drawing and starts the ticker only for animations.
 * The interactive bits of a scene are mirrored by real DOM buttons (the action bar), so Pixi's own
 * accessibility overlay stays off: it would only add a second, unlabelled copy of each control.
 */
export async function createPixiApp(host: HTMLElement, onResize: () => void): Promise<{ app: Application; stop: () => void }> {
  const app = new Application();
  await app.init({
    width: Math.max(1, host.clientWidth),
    height: Math.max(1, host.clientHeight),
    background: '#5b3a22',
    antialias: true,
    autoDensity: true,
    resolution: Math.min(2, window.devicePixelRatio || 1),
    accessibilityOptions: { activateOnTab: false, enabledByDefault: false },
    // Card tables sit still most of the time: scenes render on change and run the ticker only while animating.
    autoStart: false,
    preference: softwareWebGL() ? 'canvas' : 'webgl',
  });
  host.dataset.renderer = app.renderer.name;
  app.canvas.setAttribute('aria-hidden', 'true');
  app.canvas.style.display = 'block';
  host.replaceChildren(app.canvas);
  let w = host.clientWidth;
  let hgt = host.clientHeight;
  const observer = new ResizeObserver(() => {
    if (host.clientWidth === w && host.clientHeight === hgt) return;
    w = host.clientWidth;
    hgt = host.clientHeight;
    app.renderer.resize(Math.max(1, w), Math.max(1, hgt));
    onResize();
  });
  observer.observe(host);
  return {
    app,
    stop: () => {
      observer.disconnect();
      app.destroy(true, { children: true });
    },
  };
}
