// Bahasa Indonesia, written for the company's first readers (waste banks, TPS3R operators,
// recyclers, city agencies) in the formal "Anda". Product names, RECOVER MORE and the figures stay.
import type { Dictionary } from '../dictionary';

export const INDONESIAN: Dictionary = {
  site: {
    title: 'AdaSorter: RECOVER MORE dengan mesin pemilah sampah berbasis AI',
    description:
      'AdaSorter adalah mesin pemilah sampah berbasis AI yang terjangkau untuk Asia Tenggara: robotika dan computer vision yang meningkatkan produktivitas pekerja pemilah hingga 10x dengan kemurnian material daur ulang di atas 90%.',
    tagline: 'Mesin pemilah sampah yang terjangkau untuk Asia Tenggara',
  },
  header: { navLabel: 'Bagian halaman', nav: { snapshot: 'Produk', coverage: 'Cakupan', timeline: 'Peta Jalan' } },
  hero: {
    headline: 'RECOVER MORE',
    pitch:
      'Visi AI dan lengan robotik yang bekerja di samping para pemilah sampah, sehingga lebih banyak plastik, logam, dan kertas keluar dari jalur pemilahan cukup bersih untuk dijual.',
    claims: [
      { value: '10x', label: 'produktivitas pekerja pemilah sampah' },
      { value: 'Di atas 90%', label: 'kemurnian material hasil pilahan' },
    ],
    chat: 'Hubungi kami',
    scrollDown: 'Lihat cara kerjanya',
  },
  snapshot: {
    sectionLabel: 'Sekilas produk',
    sorterImageAlt:
      'Ilustrasi AdaSorter: konveyor ringkas dengan kamera berpelindung yang memindai sampah dan lengan robotik yang memindahkan botol ke wadah pilahan',
    workerTitle: 'Produktivitas Pemilah Sampah yang Lebih Tinggi',
    workerSubtitle: 'Dibantu AI dan robotika',
    workerImageAlt:
      'Ilustrasi pekerja di jalur pemilahan, sementara lengan AdaSorter mengambil sampah dan layar menandai yang perlu diambil berikutnya',
  },
  coverage: {
    eyebrow: 'Material',
    title: 'Cakupan Sumber dan Kondisi Sampah',
    intro: 'Jenis sampah dan kondisi yang sudah dikenali AdaSorter hari ini, serta yang sedang dipelajarinya.',
  },
  timeline: {
    eyebrow: 'Peta jalan',
    title: 'Dari Lab ke Beta Lapangan',
    intro: 'Perjalanan AdaSorter dari prototipe di laboratorium hingga mesin yang bekerja di jalur pemilahan sungguhan.',
    scrollRegionLabel: 'Tonggak pencapaian',
    previous: 'Gulir ke tonggak sebelumnya',
    next: 'Gulir ke tonggak berikutnya',
  },
  footer: { location: 'Jakarta, Indonesia', chat: 'Hubungi Kami', investor: 'Hubungan investor', privacy: 'Pemberitahuan privasi' },
  lists: {
    coverage: {
      error: 'Gagal memuat cakupan material. Silakan coba lagi nanti.',
      empty: 'Belum ada cakupan material yang tersedia.',
      loading: 'Memuat cakupan material',
    },
    timeline: {
      error: 'Gagal memuat peta jalan. Silakan coba lagi nanti.',
      empty: 'Belum ada tonggak pencapaian yang tersedia.',
      loading: 'Memuat peta jalan',
    },
    features: {
      error: 'Gagal memuat keunggulan produk. Silakan coba lagi nanti.',
      empty: 'Belum ada keunggulan produk yang tersedia.',
      loading: 'Memuat keunggulan produk',
    },
  },
  materialStatus: { live: 'Beta Lapangan', development: 'Dalam Pengembangan', 'coming-soon': 'Direncanakan' },
  timelineStatus: { completed: 'Selesai', current: 'Sedang berjalan', upcoming: 'Berikutnya' },
  modal: {
    contact: {
      heading: 'Mari Berdiskusi',
      text: 'Terhubung dengan tim kami untuk menjajaki peluang kemitraan',
      button: 'Kirim Pesan',
      successTitle: 'Pesan Terkirim!',
      successBody: 'Tim kami akan membalas pesan Anda dalam 24 jam.',
    },
    investor: {
      heading: 'Minta Materi Investor',
      text: 'Isi data Anda untuk menerima presentasi investor kami yang lengkap',
      button: 'Minta Materi',
      successTitle: 'Permintaan Terkirim!',
      successBody: 'Kami akan segera mengirimkan materi investor ke email Anda.',
    },
  },
  form: {
    labels: { name: 'Nama Lengkap', email: 'Alamat Email', company: 'Perusahaan', message: 'Pesan' },
    optional: 'Opsional',
    sending: 'Mengirim...',
    close: 'Tutup',
    failures: {
      error: 'Pesan Anda belum terkirim. Silakan coba lagi.',
      'rate-limited': 'Anda telah mengirim beberapa pesan dalam waktu singkat. Mohon tunggu beberapa menit, lalu coba lagi.',
      busy: 'Saat ini kami menerima pesan dalam jumlah yang tidak biasa, sehingga pesan Anda belum dapat disimpan. Anda dapat mengirimkannya lewat email:',
      'invalid-name': 'Periksa nama lengkap Anda: harus satu baris teks yang terlihat, tanpa karakter tersembunyi.',
      'invalid-email': 'Periksa alamat email Anda.',
      'invalid-company': 'Periksa nama perusahaan: harus satu baris teks yang terlihat, tanpa karakter tersembunyi.',
      'invalid-message': 'Periksa pesan Anda: pesan berisi karakter kontrol tersembunyi. Hapus karakter tersebut, lalu coba lagi.',
    },
    emailLink: 'Kirim pesan Anda lewat email',
    notice: { text: 'Kami menggunakan data ini hanya untuk menjawab Anda.', link: 'Pemberitahuan privasi' },
  },
  languages: { suggestion: 'Read in English', dismissSuggestion: 'Dismiss the language suggestion' },
};
