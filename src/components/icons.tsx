// The shop's inline SVG icons (no icon CDN, nothing loaded from outside the shop). Decorative: the button or link
// around an icon carries the accessible name.
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };

function Svg({ size = 22, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const BagIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 8h14l-1.2 11.2a2 2 0 0 1-2 1.8H8.2a2 2 0 0 1-2-1.8L5 8Z" />
    <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
  </Svg>
);

export const MenuIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 7h16M4 12h16M4 17h10" />
  </Svg>
);

export const UserIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="8.5" r="3.5" />
    <path d="M5 20c1.2-3.4 3.8-5 7-5s5.8 1.6 7 5" />
  </Svg>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
);

export const ChevronLeftIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m15 6-6 6 6 6" />
  </Svg>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m9 6 6 6-6 6" />
  </Svg>
);

export const ArrowRightIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Svg>
);

export const InstagramIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
  </Svg>
);

export const FacebookIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M14 8.5h2.5V5H14a4 4 0 0 0-4 4v2H7.5v3.5H10V21h3.5v-6.5H16l.5-3.5h-3V9a.5.5 0 0 1 .5-.5Z" />
  </Svg>
);

export const WhatsAppIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4.5 19.5 5.7 16A8 8 0 1 1 8.3 18.6l-3.8.9Z" />
    <path d="M9.2 8.6c.2-.4.5-.5.8-.5h.5c.2 0 .4.1.5.4l.7 1.6c.1.2 0 .5-.1.6l-.5.6c.5 1 1.4 1.9 2.4 2.4l.6-.5c.2-.1.4-.2.6-.1l1.6.7c.3.1.4.3.4.5v.5c0 .3-.1.6-.5.8-.6.4-1.6.6-2.9 0a8.6 8.6 0 0 1-3.9-3.9c-.6-1.3-.5-2.3-.2-3.1Z" />
  </Svg>
);

/** The little flower of the logo: five petals around a gold heart on a leafy stem. */
export const MinusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 12h12" />
  </Svg>
);

export const PlusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 6v12M6 12h12" />
  </Svg>
);

export const CheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Svg>
);

export const CloseIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);

export const TrashIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 7h14M10 7V5h4v2M7 7l.8 12a1.5 1.5 0 0 0 1.5 1.4h5.4a1.5 1.5 0 0 0 1.5-1.4L17 7" />
    <path d="M10.5 11v5.5M13.5 11v5.5" />
  </Svg>
);

export const FlowerMark = ({ size = 28, ...rest }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...rest}>
    <path d="M16 19.5v10" stroke="#1F4D3A" strokeWidth="1.4" strokeLinecap="round" />
    <path d="M16 26c-2.6-.2-4.6-1.7-5.4-4.2 2.6.1 4.5 1.5 5.4 4.2Z" fill="#1F4D3A" />
    <path d="M16 24.5c2.4-.3 4.1-1.8 4.7-4 -2.3.2-4 1.6-4.7 4Z" fill="#1F4D3A" opacity="0.85" />
    <g fill="#D98C8C">
      <ellipse cx="16" cy="7.4" rx="3.1" ry="4.3" />
      <ellipse cx="16" cy="7.4" rx="3.1" ry="4.3" transform="rotate(72 16 12.5)" />
      <ellipse cx="16" cy="7.4" rx="3.1" ry="4.3" transform="rotate(144 16 12.5)" />
      <ellipse cx="16" cy="7.4" rx="3.1" ry="4.3" transform="rotate(216 16 12.5)" />
      <ellipse cx="16" cy="7.4" rx="3.1" ry="4.3" transform="rotate(288 16 12.5)" />
    </g>
    <circle cx="16" cy="12.5" r="2.2" fill="#C9A227" />
  </svg>
);
