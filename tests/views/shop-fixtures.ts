// The shop's details as GET /api/shop answers them in the page tests: Petal Studio in Chennai.
export const petalStudio = {
  name: 'Petal Studio',
  email: 'hello@petalstudio.in',
  phone: '+91 98400 12345',
  address: '12 Khader Nawaz Khan Road, Nungambakkam, Chennai 600006, Tamil Nadu, India',
  instagramUrl: 'https://instagram.com/petal',
  facebookUrl: 'https://facebook.com/petal',
  whatsappUrl: 'https://wa.me/919840012345',
  logoUrl: 'https://petalstudio.in/checkout-logo.png',
};
