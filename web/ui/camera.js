// The host reads a guest's answer with its own camera (issue 34): a dialog with the camera's live
// picture, whose frames are read for a QR code (net/scan.js: the browser's BarcodeDetector, else
// the site's decoder) a few times a second. It resolves with the first text read, or with null
// when the person closes it; the camera is stopped whichever way the dialog ends (a code read,
// closed, or taken off the page when the page goes elsewhere).
//
//   const text = await scanWithCamera();  // null: closed, or no camera (the dialog said why)

import { h } from './dom.js';
import { modal } from './dialogs.js';
import { t } from '../i18n.js';
import { decodeImage } from '../net/scan.js';

/** How long after a frame is read the next one is taken, in ms. */
export const FRAME_MS = 200;
/** A frame is read at most this wide or high (a bigger one is scaled down): enough for a QR
 * code held in front of the camera, and quick to read. */
export const FRAME_SIDE = 800;

/**
 * The words of a camera that could not start, by the error getUserMedia rejected with.
 * @param {any} error
 */
export function cameraErrorKey(error) {
  switch (error?.name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'cameraDenied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'cameraNone';
    case 'NotReadableError':
    case 'AbortError':
      return 'cameraBusy';
    default:
      return 'cameraFailed';
  }
}

/**
 * The dialog's parts: the picture, a line saying what happens, and one saying what went wrong.
 * Each line holds a string key, so that a switch of language says it again.
 */
function cameraParts() {
  const video = h('video', { class: 'camera-video', testid: 'camera-video', autoplay: true, muted: true, playsinline: true, 'aria-label': t('cameraVideo') });
  video.muted = true; // the attribute alone does not mute a video made by script
  const status = h('p', { class: 'camera-status', testid: 'camera-status', role: 'status', data: { key: 'cameraStarting' } });
  const error = h('p', { class: 'form-error camera-error', testid: 'camera-error', role: 'alert', hidden: true });
  const body = h('div', { class: 'camera-dialog' }, h('h2', { class: 'dialog-title', data: { key: 'cameraTitle' } }), video, status, error);
  const relabel = () => {
    for (const el of body.querySelectorAll('[data-key]')) el.textContent = t(/** @type {HTMLElement} */ (el).dataset.key ?? '');
    video.setAttribute('aria-label', t('cameraVideo'));
  };
  relabel();
  return { body, video, status, error, relabel };
}

/**
 * Say `key` in a line of the dialog (in the current language, and again after a switch).
 * @param {HTMLElement} line
 * @param {string} key
 */
function say(line, key) {
  line.dataset.key = key;
  line.textContent = t(key);
  line.hidden = false;
}

/**
 * The RGBA pixels of the video's current frame, at most FRAME_SIDE on a side; null before the
 * first frame has come.
 * @param {HTMLVideoElement} video
 * @param {HTMLCanvasElement} canvas
 * @returns {ImageData | null}
 */
export function grabFrame(video, canvas) {
  const { videoWidth, videoHeight } = video;
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !videoWidth || !videoHeight) return null;
  const scale = Math.min(1, FRAME_SIDE / Math.max(videoWidth, videoHeight));
  const width = Math.round(videoWidth * scale);
  const height = Math.round(videoHeight * scale);
  if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}

/**
 * Read the video's frames every FRAME_MS until `found` takes a text or `alive` says the scan is
 * over. A reader that cannot load (offline before the site was stored) is said in `error`.
 * @param {{video: HTMLVideoElement, error: HTMLElement, alive: () => boolean, found: (text: string) => void}} o
 */
function readFrames({ video, error, alive, found }) {
  const canvas = document.createElement('canvas');
  const next = () => {
    if (alive()) setTimeout(tick, FRAME_MS);
  };
  const tick = async () => {
    if (!alive()) return;
    const frame = grabFrame(video, canvas);
    if (!frame) return next();
    try {
      const text = await decodeImage(frame);
      if (text && alive()) return found(text);
    } catch (_) {
      if (alive()) say(error, 'cameraNoReader');
      return undefined; // the camera goes on showing; the person closes the dialog
    }
    return next();
  };
  next();
}

/**
 * Start the camera into `video`; the stream, or null when it could not start (said in `error`).
 * @param {HTMLVideoElement} video
 * @param {HTMLElement} error
 * @returns {Promise<MediaStream | null>}
 */
async function startCamera(video, error) {
  if (typeof navigator.mediaDevices?.getUserMedia !== 'function') {
    say(error, 'cameraUnsupported');
    return null;
  }
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    video.srcObject = stream;
    video.play().catch(() => {}); // autoplay shows it anyway; play() fails once the video is gone
    return stream;
  } catch (err) {
    say(error, cameraErrorKey(err));
    return null;
  }
}

/**
 * Stop every track of a stream (the camera's light goes off).
 * @param {MediaStream | null} stream
 */
function stopStream(stream) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Open the camera in a dialog and read QR codes from it: resolves with the first text read, or
 * null when the dialog is closed (its Close button, Escape, a click beside it, or the page going
 * elsewhere) or no camera could start (the dialog says why, in the page's language, until it is
 * closed). The camera's tracks are stopped on every way out.
 * @returns {Promise<string | null>}
 */
export function scanWithCamera() {
  return new Promise((resolve) => {
    const parts = cameraParts();
    /** @type {MediaStream | null} */
    let stream = null;
    let over = false;
    let open = true;
    const finish = (/** @type {string | null} */ text) => {
      if (over) return;
      over = true;
      stopStream(stream);
      parts.video.srcObject = null;
      if (open) dialog.close();
      resolve(text);
    };
    const onClose = () => {
      open = false;
      finish(null);
    };
    const dialog = modal(parts.body, { testid: 'camera-dialog', label: () => t('cameraTitle'), relabel: parts.relabel, onClose });
    // the page may take the dialog away without closing it (clearOverlays, going elsewhere)
    const alive = () => {
      if (!over && !parts.body.isConnected) finish(null);
      return !over;
    };
    startCamera(parts.video, parts.error).then((started) => {
      stream = started;
      if (!alive()) return stopStream(started);
      if (!started) return parts.status.remove();
      say(parts.status, 'cameraLooking');
      return readFrames({ video: parts.video, error: parts.error, alive, found: finish });
    });
  });
}
