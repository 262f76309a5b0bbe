/**
 * A tiny MP4 (H.264 Baseline) made from scratch, for the demo's video posts: a few keyframes of
 * uncompressed (I_PCM) macroblocks, each held by "skip" frames. No encoder, no download, the same
 * bytes every time; about 60 kB for four seconds at 96×96.
 */

const WIDTH = 96;
const HEIGHT = 96;
const FPS = 4;
/** Keyframes (one per second), each followed by FPS − 1 skipped frames. */
const SCENES = 4;

class Bits {
  private readonly bytes: number[] = [];
  private current = 0;
  private count = 0;

  u(bits: number, value: number): this {
    for (let i = bits - 1; i >= 0; i--) this.bit((value >>> i) & 1);
    return this;
  }

  bit(value: number): this {
    this.current = (this.current << 1) | value;
    if (++this.count === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.count = 0;
    }
    return this;
  }

  /** Exp-Golomb, unsigned. */
  ue(value: number): this {
    const x = value + 1;
    const length = Math.floor(Math.log2(x));
    this.u(length, 0);
    return this.u(length + 1, x);
  }

  /** Exp-Golomb, signed. */
  se(value: number): this {
    return this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  get aligned(): boolean {
    return this.count === 0;
  }

  align(): this {
    while (!this.aligned) this.bit(0);
    return this;
  }

  byte(value: number): this {
    this.bytes.push(value);
    return this;
  }

  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  trailing(): number[] {
    this.bit(1);
    this.align();
    return this.bytes;
  }
}

/** A NAL unit: header byte and the payload with emulation prevention bytes. */
function nal(header: number, rbsp: number[]): Uint8Array {
  const out = [header];
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

const MBS_W = WIDTH / 16;
const MBS_H = HEIGHT / 16;

function sps(): Uint8Array {
  const b = new Bits()
    .u(8, 66) // Baseline
    .u(8, 0xc0) // constraint_set0 and set1: Constrained Baseline
    .u(8, 30) // level 3.0
    .ue(0) // seq_parameter_set_id
    .ue(0) // log2_max_frame_num_minus4: frame_num has 4 bits
    .ue(2) // pic_order_cnt_type 2: order follows frame_num
    .ue(1) // max_num_ref_frames
    .u(1, 0) // gaps_in_frame_num_value_allowed_flag
    .ue(MBS_W - 1)
    .ue(MBS_H - 1)
    .u(1, 1) // frame_mbs_only_flag
    .u(1, 1) // direct_8x8_inference_flag
    .u(1, 0) // frame_cropping_flag
    .u(1, 0); // vui_parameters_present_flag
  return nal(0x67, b.trailing());
}

function pps(): Uint8Array {
  const b = new Bits()
    .ue(0) // pic_parameter_set_id
    .ue(0) // seq_parameter_set_id
    .u(1, 0) // entropy_coding_mode_flag: CAVLC
    .u(1, 0) // bottom_field_pic_order_in_frame_present_flag
    .ue(0) // num_slice_groups_minus1
    .ue(0) // num_ref_idx_l0_default_active_minus1
    .ue(0) // num_ref_idx_l1_default_active_minus1
    .u(1, 0) // weighted_pred_flag
    .u(2, 0) // weighted_bipred_idc
    .se(0) // pic_init_qp_minus26
    .se(0) // pic_init_qs_minus26
    .se(0) // chroma_qp_index_offset
    .u(1, 1) // deblocking_filter_control_present_flag
    .u(1, 0) // constrained_intra_pred_flag
    .u(1, 0); // redundant_pic_cnt_present_flag
  return nal(0x68, b.trailing());
}

type Pixel = (x: number, y: number) => [y: number, cb: number, cr: number];

/** A keyframe whose every macroblock is I_PCM: raw samples, exactly as drawn. */
function idr(idrPicId: number, pixel: Pixel): Uint8Array {
  const b = new Bits()
    .ue(0) // first_mb_in_slice
    .ue(7) // slice_type: I (all slices)
    .ue(0) // pic_parameter_set_id
    .u(4, 0) // frame_num
    .ue(idrPicId)
    .u(1, 0) // no_output_of_prior_pics_flag
    .u(1, 0) // long_term_reference_flag
    .se(0) // slice_qp_delta
    .ue(1); // disable_deblocking_filter_idc
  const clamp = (v: number) => Math.max(1, Math.min(254, Math.round(v)));
  for (let my = 0; my < MBS_H; my++) {
    for (let mx = 0; mx < MBS_W; mx++) {
      b.ue(25); // mb_type I_PCM
      b.align(); // pcm_alignment_zero_bit
      for (let y = 0; y < 16; y++)
        for (let x = 0; x < 16; x++) b.byte(clamp(pixel(mx * 16 + x, my * 16 + y)[0]));
      for (const plane of [1, 2] as const)
        for (let y = 0; y < 8; y++)
          for (let x = 0; x < 8; x++) b.byte(clamp(pixel(mx * 16 + x * 2, my * 16 + y * 2)[plane]));
    }
  }
  return nal(0x65, b.trailing());
}

/** A frame that repeats the previous one: every macroblock skipped. */
function skip(frameNum: number): Uint8Array {
  const b = new Bits()
    .ue(0) // first_mb_in_slice
    .ue(5) // slice_type: P (all slices)
    .ue(0) // pic_parameter_set_id
    .u(4, frameNum & 15)
    .u(1, 0) // num_ref_idx_active_override_flag
    .u(1, 0) // ref_pic_list_modification_flag_l0
    .u(1, 0) // adaptive_ref_pic_marking_mode_flag
    .se(0) // slice_qp_delta
    .ue(1) // disable_deblocking_filter_idc
    .ue(MBS_W * MBS_H); // mb_skip_run
  return nal(0x41, b.trailing());
}

/** RGB to BT.601 limited-range YCbCr. */
function ycbcr(r: number, g: number, b: number): [number, number, number] {
  return [
    16 + 0.257 * r + 0.504 * g + 0.098 * b,
    128 - 0.148 * r - 0.291 * g + 0.439 * b,
    128 + 0.439 * r - 0.368 * g - 0.071 * b,
  ];
}

/** Scene k: a warm gradient with a plate that grows, and a bar that fills, second by second. */
function scene(k: number): Pixel {
  const palette: [number, number, number][] = [
    [214, 69, 65],
    [230, 126, 34],
    [241, 196, 15],
    [39, 174, 96],
  ];
  const [r, g, bl] = palette[k % palette.length]!;
  const radius = 18 + k * 6;
  return (x, y) => {
    const shade = 0.65 + 0.35 * (1 - (x + y) / (WIDTH + HEIGHT));
    const d = Math.hypot(x - WIDTH / 2, y - HEIGHT / 2 + 6);
    if (y >= HEIGHT - 10 && y < HEIGHT - 4 && x >= 8 && x < WIDTH - 8)
      return x < 8 + ((WIDTH - 16) * (k + 1)) / SCENES ? ycbcr(255, 255, 255) : ycbcr(90, 90, 90);
    if (d < radius - 6) return ycbcr(250, 246, 238);
    if (d < radius) return ycbcr(200, 190, 175);
    return ycbcr(r * shade, g * shade, bl * shade);
  };
}

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, size);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  let at = 8;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Big-endian fields: [bytes, value] pairs. */
function fields(...items: [bytes: 1 | 2 | 4, value: number][]): Uint8Array {
  const out = new Uint8Array(items.reduce((n, [bytes]) => n + bytes, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [bytes, value] of items) {
    if (bytes === 1) view.setUint8(at, value);
    else if (bytes === 2) view.setUint16(at, value);
    else view.setUint32(at, value >>> 0);
    at += bytes;
  }
  return out;
}

const zeros = (n: number) => new Uint8Array(n);
const ascii = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const MATRIX = fields(
  [4, 0x00010000],
  [4, 0],
  [4, 0],
  [4, 0],
  [4, 0x00010000],
  [4, 0],
  [4, 0],
  [4, 0],
  [4, 0x40000000],
);

let cached: Uint8Array | undefined;

export function demoVideo(): Uint8Array {
  if (cached) return cached;
  const spsNal = sps();
  const ppsNal = pps();
  const samples: Uint8Array[] = [];
  const sync: number[] = [];
  for (let k = 0; k < SCENES; k++) {
    sync.push(samples.length + 1);
    samples.push(idr(k % 2, scene(k)));
    for (let f = 1; f < FPS; f++) samples.push(skip(f));
  }
  const framed = samples.map((s) => {
    const out = new Uint8Array(s.length + 4);
    new DataView(out.buffer).setUint32(0, s.length);
    out.set(s, 4);
    return out;
  });
  const timescale = 1000;
  const delta = timescale / FPS;
  const duration = delta * samples.length;

  const ftyp = box('ftyp', ascii('isom'), fields([4, 512]), ascii('isomiso2avc1mp41'));
  const avcC = box(
    'avcC',
    fields([1, 1], [1, 66], [1, 0xc0], [1, 30], [1, 0xff], [1, 0xe1], [2, spsNal.length]),
    spsNal,
    fields([1, 1], [2, ppsNal.length]),
    ppsNal,
  );
  const avc1 = box(
    'avc1',
    zeros(6),
    fields([2, 1], [2, 0], [2, 0], [4, 0], [4, 0], [4, 0], [2, WIDTH], [2, HEIGHT]),
    fields([4, 0x00480000], [4, 0x00480000], [4, 0], [2, 1]),
    zeros(32),
    fields([2, 0x18], [2, 0xffff]),
    avcC,
  );
  const moovFor = (mdatOffset: number) => {
    const stbl = box(
      'stbl',
      box('stsd', fields([4, 0], [4, 1]), avc1),
      box('stts', fields([4, 0], [4, 1], [4, samples.length], [4, delta])),
      box('stss', fields([4, 0], [4, sync.length], ...sync.map((n) => [4, n] as [4, number]))),
      box('stsc', fields([4, 0], [4, 1], [4, 1], [4, samples.length], [4, 1])),
      box(
        'stsz',
        fields([4, 0], [4, 0], [4, samples.length], ...framed.map((s) => [4, s.length] as [4, number])),
      ),
      box('stco', fields([4, 0], [4, 1], [4, mdatOffset])),
    );
    const minf = box(
      'minf',
      box('vmhd', fields([4, 1], [2, 0], [2, 0], [2, 0], [2, 0])),
      box('dinf', box('dref', fields([4, 0], [4, 1]), box('url ', fields([4, 1])))),
      stbl,
    );
    const mdia = box(
      'mdia',
      box('mdhd', fields([4, 0], [4, 0], [4, 0], [4, timescale], [4, duration], [2, 0x55c4], [2, 0])),
      box('hdlr', fields([4, 0], [4, 0]), ascii('vide'), zeros(12), ascii('VideoHandler\0')),
      minf,
    );
    const tkhd = box(
      'tkhd',
      fields(
        [4, 3],
        [4, 0],
        [4, 0],
        [4, 1],
        [4, 0],
        [4, duration],
        [4, 0],
        [4, 0],
        [2, 0],
        [2, 0],
        [2, 0],
        [2, 0],
      ),
      MATRIX,
      fields([4, WIDTH << 16], [4, HEIGHT << 16]),
    );
    const mvhd = box(
      'mvhd',
      fields(
        [4, 0],
        [4, 0],
        [4, 0],
        [4, timescale],
        [4, duration],
        [4, 0x00010000],
        [2, 0x0100],
        [2, 0],
        [4, 0],
        [4, 0],
      ),
      MATRIX,
      zeros(24),
      fields([4, 2]),
    );
    return box('moov', mvhd, box('trak', tkhd, mdia));
  };
  // The moov's size does not depend on the offset, so build it once to learn where mdat starts.
  const probe = moovFor(0);
  const moov = moovFor(ftyp.length + probe.length + 8);
  const mdat = box('mdat', ...framed);
  cached = new Uint8Array(ftyp.length + moov.length + mdat.length);
  cached.set(ftyp, 0);
  cached.set(moov, ftyp.length);
  cached.set(mdat, ftyp.length + moov.length);
  return cached;
}
