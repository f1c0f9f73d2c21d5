import { useEffect, useImperativeHandle, useRef, type PointerEvent, type Ref } from 'react';
import styles from './profile.module.css';

export interface SignPadHandle {
  clear(): void;
  /** PNG data URL of the drawing, or null when nothing was drawn. */
  toDataUrl(): string | null;
}

/** A drawing surface for a hand-written signature: mouse, pen and touch through pointer events. */
export function SignPad({ ariaLabel, onDraw, ref }: { ariaLabel: string; onDraw?(): void; ref?: Ref<SignPadHandle> }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);

  // The bitmap matches the displayed size times the pixel ratio, so strokes stay sharp. offsetWidth
  // ignores transforms: a dialog still zooming in would otherwise give a shrunken size.
  function fitBitmap(canvas: HTMLCanvasElement) {
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const width = Math.max(1, Math.round(canvas.offsetWidth * ratio));
    const height = Math.max(1, Math.round(canvas.offsetHeight * ratio));
    if (canvas.width === width && canvas.height === height) return;
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = '#000';
  }

  useEffect(() => {
    if (canvasRef.current) fitBitmap(canvasRef.current);
  }, []);

  useImperativeHandle(ref, () => ({
    clear() {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (canvas && ctx) {
        ctx.save();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.clearRect(0, 0, canvas.width, canvas.height);
        ctx.restore();
      }
      drawn.current = false;
    },
    toDataUrl() {
      return drawn.current && canvasRef.current ? canvasRef.current.toDataURL('image/png') : null;
    },
  }));

  function point(event: PointerEvent<HTMLCanvasElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  function down(event: PointerEvent<HTMLCanvasElement>) {
    if (!drawn.current) fitBitmap(event.currentTarget);
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const p = point(event);
    last.current = p;
    // A tap leaves a dot.
    const ctx = event.currentTarget.getContext('2d');
    if (ctx) {
      ctx.beginPath();
      ctx.arc(p.x, p.y, ctx.lineWidth / 2, 0, Math.PI * 2);
      ctx.fillStyle = '#000';
      ctx.fill();
    }
    drawn.current = true;
    onDraw?.();
  }

  function move(event: PointerEvent<HTMLCanvasElement>) {
    if (!drawing.current || !last.current) return;
    const ctx = event.currentTarget.getContext('2d');
    if (!ctx) return;
    const p = point(event);
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    last.current = p;
  }

  function up() {
    drawing.current = false;
    last.current = null;
  }

  return (
    <canvas
      ref={canvasRef}
      className={styles.pad}
      aria-label={ariaLabel}
      role="img"
      data-testid="sign-canvas"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onPointerLeave={up}
    />
  );
}
