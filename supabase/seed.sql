-- Demo content for AdaSorter, an accessible AI waste sorter for South East Asia, built in Jakarta.
-- The one copy of the demo content: `supabase db reset` loads it into a local Supabase, the embedded
-- database of the build loads it when no backend is configured, and the tests read it.
--
-- Ids are fixed so tests and fixtures can name rows:
--   material_coverage 10000000-0000-4000-8000-0000000000NN
--   timeline          20000000-0000-4000-8000-0000000000NN
--   feature_cards     30000000-0000-4000-8000-0000000000NN
-- order_index goes in steps of 10 so an editor can slot a row in between without renumbering.
-- Every table holds at least one inactive row (is_active = false): a draft that must never be
-- published, placed mid-order so a leak would show.

insert into public.material_coverage (id, name, description, image, status, is_active, order_index) values
  ('10000000-0000-4000-8000-000000000001', 'PET bottles',
   'Clear and coloured drink bottles, picked with or without labels and caps, crushed or whole.',
   '/images/materials/pet.svg', 'live', true, 10),
  ('10000000-0000-4000-8000-000000000002', 'HDPE containers',
   'Detergent, shampoo and milk bottles in natural and coloured HDPE, kept apart from PP lids.',
   '/images/materials/hdpe.svg', 'live', true, 20),
  ('10000000-0000-4000-8000-000000000003', 'Cardboard and paper',
   'Corrugated boxes and mixed office paper, lifted out before wet waste can spoil them.',
   '/images/materials/cardboard.svg', 'live', true, 30),
  ('10000000-0000-4000-8000-000000000004', 'Aluminium cans',
   'Beverage cans recognised by shape and shine, even flattened, for the highest-value bale.',
   '/images/materials/aluminium.svg', 'live', true, 40),
  ('10000000-0000-4000-8000-000000000009', 'Textiles',
   'Clothing and fabric offcuts for fibre recovery. Draft: waiting for a buyer in Bekasi.',
   null, 'coming-soon', false, 45),
  ('10000000-0000-4000-8000-000000000005', 'Multilayer sachets',
   'Single-serve coffee, shampoo and sauce sachets, the hardest stream in the region, separated for co-processing.',
   '/images/materials/sachets.svg', 'development', true, 50),
  ('10000000-0000-4000-8000-000000000006', 'Glass bottles',
   'Clear, green and brown glass sorted by colour without breaking it on the belt.',
   '/images/materials/glass.svg', 'development', true, 60),
  ('10000000-0000-4000-8000-000000000007', 'Organics',
   'Food and market waste diverted to composting and black soldier fly farms.',
   '/images/materials/organics.svg', 'coming-soon', true, 70),
  ('10000000-0000-4000-8000-000000000008', 'Mixed residue',
   'What is left after recovery, graded and baled as refuse-derived fuel instead of landfill.',
   '/images/materials/residue.svg', 'coming-soon', true, 80)
on conflict (id) do nothing;

insert into public.timeline (id, period, title, description, status, icon, is_active, order_index) values
  ('20000000-0000-4000-8000-000000000001', 'Q2 2023', 'Field study on Jakarta sorting lines',
   'Six weeks beside waste pickers at a TPS3R in South Jakarta, timing every pick and logging what the belt carries.',
   'completed', 'CheckCircle', true, 10),
  ('20000000-0000-4000-8000-000000000002', 'Q1 2024', 'A vision model trained on local waste',
   '40,000 labelled photos of Indonesian packaging, from crushed PET to sachets, taken in real sorting light.',
   'completed', 'CheckCircle', true, 20),
  ('20000000-0000-4000-8000-000000000003', 'Q4 2024', 'First AdaSorter prototype',
   'A bench unit sorting PET and HDPE at belt speed, built from locally sourced parts.',
   'completed', 'CheckCircle', true, 30),
  ('20000000-0000-4000-8000-000000000007', 'Q2 2025', 'Press launch with a partner city',
   'Draft milestone, not yet confirmed with the partner.',
   'upcoming', 'Rocket', false, 35),
  ('20000000-0000-4000-8000-000000000004', 'Q3 2025', 'Pilot with a Bekasi waste bank',
   'Three months on a working line: the sorting team recovered over 90% pure PET bales.',
   'completed', 'CheckCircle', true, 40),
  ('20000000-0000-4000-8000-000000000005', 'Q3 2026', 'Live beta at two sorting centres',
   'AdaSorter runs full shifts in Jakarta and Tangerang while we tune it with the workers who use it.',
   'current', 'Clock', true, 50),
  ('20000000-0000-4000-8000-000000000006', 'Q1 2027', 'Sachets and glass on the live line',
   'The multilayer and glass models move from the lab to every beta site.',
   'upcoming', 'Target', true, 60),
  ('20000000-0000-4000-8000-000000000008', 'Q3 2027', 'Roll-out across South East Asia',
   'Leasing to waste banks and recovery facilities in Indonesia, the Philippines and Vietnam.',
   'upcoming', 'Rocket', true, 70)
on conflict (id) do nothing;

insert into public.feature_cards (id, classification, title, subtitle, icon, icon_color, is_active, order_index) values
  ('30000000-0000-4000-8000-000000000001', 'adasorter', 'Trained on local packaging',
   'Recognises Indonesian brands, sachets and crushed bottles', '👁', '#0f766e', true, 10),
  ('30000000-0000-4000-8000-000000000002', 'adasorter', '2,400 picks an hour',
   'Air jets keep pace with a manual line of eight', '⚡', '#d97706', true, 20),
  ('30000000-0000-4000-8000-000000000009', 'adasorter', 'Remote fleet dashboard',
   'Draft: not shipped yet', '📡', '#64748b', false, 25),
  ('30000000-0000-4000-8000-000000000003', 'adasorter', 'Fits existing belts',
   'Bolts onto a 60 cm conveyor and runs on a 2 kW supply', '🔧', '#0e7490', true, 30),
  ('30000000-0000-4000-8000-000000000004', 'adasorter', 'Priced for waste banks',
   'Leased monthly, paid back from cleaner bales', 'Rp', '#15803d', true, 40),
  ('30000000-0000-4000-8000-000000000005', 'worker', '10x productivity',
   'One sorter oversees what ten picked by hand', '10×', '#0f766e', true, 10),
  ('30000000-0000-4000-8000-000000000006', 'worker', 'Over 90% purity',
   'Cleaner bales fetch better prices from recyclers', '✓', '#d97706', true, 20),
  ('30000000-0000-4000-8000-000000000007', 'worker', 'Safer hands',
   'Less contact with glass shards, needles and soiled waste', '🧤', '#b45309', true, 30),
  ('30000000-0000-4000-8000-000000000010', 'worker', 'Night shift mode',
   'Draft: waiting for the lighting study', '🌙', '#475569', false, 35),
  ('30000000-0000-4000-8000-000000000008', 'worker', 'Skills that pay',
   'Pickers train as line operators, at a higher wage', '📈', '#15803d', true, 40)
on conflict (id) do nothing;

-- Bahasa Indonesia for every demo row, in the `_ind` twins (20261125003000_languages.sql): what /id/
-- shows. A twin left empty would show the English column.
update public.material_coverage as m set name_ind = t.name_ind, description_ind = t.description_ind
from (values
  ('10000000-0000-4000-8000-000000000001', 'Botol PET',
   'Botol minuman bening dan berwarna, dipilah dengan atau tanpa label dan tutup, gepeng maupun utuh.'),
  ('10000000-0000-4000-8000-000000000002', 'Wadah HDPE',
   'Botol deterjen, sampo, dan susu dari HDPE natural maupun berwarna, dipisahkan dari tutup PP.'),
  ('10000000-0000-4000-8000-000000000003', 'Kardus dan kertas',
   'Kardus bergelombang dan kertas kantor campuran, diangkat sebelum sampah basah merusaknya.'),
  ('10000000-0000-4000-8000-000000000004', 'Kaleng aluminium',
   'Kaleng minuman dikenali dari bentuk dan kilaunya, meski sudah gepeng, untuk bal dengan harga jual tertinggi.'),
  ('10000000-0000-4000-8000-000000000009', 'Tekstil',
   'Pakaian dan potongan kain untuk pemulihan serat. Draf: menunggu pembeli di Bekasi.'),
  ('10000000-0000-4000-8000-000000000005', 'Sachet multilapis',
   'Sachet kopi, sampo, dan saus sekali pakai, jenis sampah tersulit di kawasan ini, dipisahkan untuk co-processing.'),
  ('10000000-0000-4000-8000-000000000006', 'Botol kaca',
   'Kaca bening, hijau, dan cokelat dipilah menurut warna tanpa pecah di atas konveyor.'),
  ('10000000-0000-4000-8000-000000000007', 'Organik',
   'Sisa makanan dan sampah pasar dialihkan ke pengomposan dan budi daya maggot BSF.'),
  ('10000000-0000-4000-8000-000000000008', 'Residu campuran',
   'Sisa setelah pemulihan, dipilah dan dibal sebagai bahan bakar RDF, bukan berakhir di TPA.')
) as t(id, name_ind, description_ind)
where m.id::text = t.id and m.name_ind is null;

update public.timeline as m set period_ind = t.period_ind, title_ind = t.title_ind, description_ind = t.description_ind
from (values
  ('20000000-0000-4000-8000-000000000001', 'Kuartal II 2023', 'Studi lapangan di jalur pemilahan Jakarta',
   'Enam minggu bersama para pemilah di sebuah TPS3R di Jakarta Selatan, mencatat waktu setiap ambilan dan isi konveyor.'),
  ('20000000-0000-4000-8000-000000000002', 'Kuartal I 2024', 'Model visi yang dilatih dengan sampah lokal',
   '40.000 foto berlabel kemasan Indonesia, dari PET gepeng hingga sachet, diambil di bawah cahaya ruang pemilahan sungguhan.'),
  ('20000000-0000-4000-8000-000000000003', 'Kuartal IV 2024', 'Prototipe AdaSorter pertama',
   'Unit uji yang memilah PET dan HDPE secepat laju konveyor, dirakit dari komponen lokal.'),
  ('20000000-0000-4000-8000-000000000007', 'Kuartal II 2025', 'Peluncuran pers bersama kota mitra',
   'Tonggak draf, belum dikonfirmasi dengan mitra.'),
  ('20000000-0000-4000-8000-000000000004', 'Kuartal III 2025', 'Uji coba di bank sampah Bekasi',
   'Tiga bulan di jalur pemilahan yang beroperasi: tim pemilah menghasilkan bal PET dengan kemurnian di atas 90%.'),
  ('20000000-0000-4000-8000-000000000005', 'Kuartal III 2026', 'Beta lapangan di dua pusat pemilahan',
   'AdaSorter bekerja penuh satu sif di Jakarta dan Tangerang, sementara kami menyempurnakannya bersama para pekerja yang memakainya.'),
  ('20000000-0000-4000-8000-000000000006', 'Kuartal I 2027', 'Sachet dan kaca di jalur operasional',
   'Model untuk sampah multilapis dan kaca berpindah dari laboratorium ke semua lokasi beta.'),
  ('20000000-0000-4000-8000-000000000008', 'Kuartal III 2027', 'Ekspansi ke seluruh Asia Tenggara',
   'Penyewaan untuk bank sampah dan fasilitas pemulihan material di Indonesia, Filipina, dan Vietnam.')
) as t(id, period_ind, title_ind, description_ind)
where m.id::text = t.id and m.title_ind is null;

update public.feature_cards as m set title_ind = t.title_ind, subtitle_ind = t.subtitle_ind
from (values
  ('30000000-0000-4000-8000-000000000001', 'Dilatih dengan kemasan lokal', 'Mengenali merek Indonesia, sachet, dan botol gepeng'),
  ('30000000-0000-4000-8000-000000000002', '2.400 ambilan per jam', 'Semburan udara mengimbangi kecepatan delapan pemilah manual'),
  ('30000000-0000-4000-8000-000000000009', 'Dasbor armada jarak jauh', 'Draf: belum dirilis'),
  ('30000000-0000-4000-8000-000000000003', 'Pas di konveyor yang ada', 'Dipasang pada konveyor 60 cm dan cukup dengan daya 2 kW'),
  ('30000000-0000-4000-8000-000000000004', 'Harga untuk bank sampah', 'Sewa bulanan, balik modal dari bal yang lebih bersih'),
  ('30000000-0000-4000-8000-000000000005', 'Produktivitas 10x', 'Satu operator mengawasi pekerjaan sepuluh pemilah manual'),
  ('30000000-0000-4000-8000-000000000006', 'Kemurnian di atas 90%', 'Bal yang lebih bersih dihargai lebih tinggi oleh pendaur ulang'),
  ('30000000-0000-4000-8000-000000000007', 'Tangan lebih aman', 'Lebih sedikit kontak dengan pecahan kaca, jarum, dan sampah kotor'),
  ('30000000-0000-4000-8000-000000000010', 'Mode sif malam', 'Draf: menunggu studi pencahayaan'),
  ('30000000-0000-4000-8000-000000000008', 'Keterampilan yang menghasilkan', 'Pemilah dilatih menjadi operator jalur, dengan upah lebih tinggi')
) as t(id, title_ind, subtitle_ind)
where m.id::text = t.id and m.title_ind is null;
