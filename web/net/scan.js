// Reading a QR code from a camera frame or a picture: the browser's own `BarcodeDetector` where
// it has one that reads QR codes, else the decoder served from the site (npm's `qr`, MIT or
// Apache-2.0, copied by build.py from node_modules into dist/vendor/qr/; THIRD_PARTY.md). The
// decoder is loaded with a dynamic import at the first frame without a native detector, so the
// lobby never pays for it.
//
// Transport only: no rule of any game here. No DOM either: a frame is an `ImageData` (or any
// `{width, height, data}` of RGBA bytes), which the page takes from a canvas.

/** Where the build puts the decoder, relative to this module (buildsite/downloads.py). */
export const DECODER_PATH = '../vendor/qr/decode.js';

/**
 * RGBA pixels, as a canvas's `getImageData` gives them.
 * @typedef {object} Pixels
 * @property {number} width
 * @property {number} height
 * @property {Uint8ClampedArray | Uint8Array} data 4 bytes a pixel, row after row
 */

/**
 * The part of `BarcodeDetector` used here (a class in the browsers that have it).
 * @typedef {object} DetectorClass
 * @property {() => Promise<string[]>} getSupportedFormats
 */

/**
 * The decoder's module as it is used here: `decodeQR` throws when it finds no code.
 * @typedef {{decodeQR: (image: Pixels) => string}} DecoderModule
 */

/**
 * What createScanner takes; both are for the tests (the page uses the defaults).
 * @typedef {object} ScannerOptions
 * @property {any} [detectorClass] the `BarcodeDetector` class (by default
 *   `globalThis.BarcodeDetector`, read at the first frame); null: the decoder only
 * @property {() => Promise<DecoderModule>} [loadDecoder] loads the decoder's module (by default
 *   the site's copy at DECODER_PATH)
 */

/** The site's copy of the decoder (a dynamic import: fetched at the first call only). */
function loadVendoredDecoder() {
  return import(new URL(DECODER_PATH, import.meta.url).href);
}

/**
 * A native detector of QR codes, or null where the browser has none (or one that does not read
 * QR codes, or one that fails to start).
 * @param {any} detectorClass
 * @returns {Promise<{detect: (image: Pixels) => Promise<{rawValue: string}[]>} | null>}
 */
async function nativeDetector(detectorClass) {
  if (typeof detectorClass !== 'function') return null;
  try {
    const formats = await detectorClass.getSupportedFormats();
    return formats.includes('qr_code') ? new detectorClass({ formats: ['qr_code'] }) : null;
  } catch (_) {
    return null;
  }
}

/** Whether `image` is a whole RGBA frame. @param {Pixels} image */
function isPixels(image) {
  const { width, height, data } = image ?? {};
  return Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0
    && data != null && data.length === width * height * 4;
}

/**
 * A reader of QR codes: the native detector if there is one, else the decoder, chosen at the
 * first frame and kept.
 * @param {ScannerOptions} [options]
 * @returns {(image: Pixels) => Promise<string|null>}
 */
export function createScanner({ detectorClass, loadDecoder = loadVendoredDecoder } = {}) {
  /** @type {Promise<(image: Pixels) => Promise<string|null>> | null} */
  let reader = null;
  const choose = async () => {
    const detector = await nativeDetector(detectorClass === undefined ? globalThis.BarcodeDetector : detectorClass);
    if (detector) return async (/** @type {Pixels} */ image) => (await detector.detect(image))[0]?.rawValue ?? null;
    const { decodeQR } = await loadDecoder();
    return async (/** @type {Pixels} */ image) => {
      try {
        return decodeQR(image);
      } catch (_) {
        return null; // no code in this frame: the next one may have it
      }
    };
  };
  return async (image) => {
    if (!isPixels(image)) throw new TypeError('a QR code is read from RGBA pixels {width, height, data}');
    // a decoder that failed to load (offline before the site was cached) is tried again later
    reader ??= choose().catch((error) => {
      reader = null;
      throw error;
    });
    return (await reader)(image);
  };
}

/**
 * The text of the QR code in a frame, or null when the frame shows none (or none that could be
 * read: hold the camera still and try the next frame). The first call chooses the browser's
 * `BarcodeDetector` if it reads QR codes, else loads the site's decoder.
 * Rejects with a TypeError when the image is not RGBA pixels, and when the decoder cannot be
 * loaded (the next call tries again) or the native detector fails.
 * @type {(image: Pixels) => Promise<string|null>}
 */
export const decodeImage = createScanner();
