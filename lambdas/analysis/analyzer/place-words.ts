// Word lists behind place detection: priors for homonyms, names that are also common words, person
// names or saints, the words around a name that say "place" or "not a place", and demonyms.

/** Capitals by state: the default reading of a shared name ("Palmas", "Campo Grande", "Belém"). */
export const CAPITALS: Record<string, string> = {
  AC: 'Rio Branco', AL: 'Maceió', AP: 'Macapá', AM: 'Manaus', BA: 'Salvador', CE: 'Fortaleza', DF: 'Brasília',
  ES: 'Vitória', GO: 'Goiânia', MA: 'São Luís', MT: 'Cuiabá', MS: 'Campo Grande', MG: 'Belo Horizonte', PA: 'Belém',
  PB: 'João Pessoa', PR: 'Curitiba', PE: 'Recife', PI: 'Teresina', RJ: 'Rio de Janeiro', RN: 'Natal', RS: 'Porto Alegre',
  RO: 'Porto Velho', RR: 'Boa Vista', SC: 'Florianópolis', SP: 'São Paulo', SE: 'Aracaju', TO: 'Palmas',
};

// Large municipalities outside the capitals, roughly by population (IBGE estimates), then a few towns
// every reader knows: when a name is shared, the larger or better-known town is the likelier reading.
// Only the order matters, and only among homonyms.
export const LARGE_CITIES = `Guarulhos/SP Campinas/SP São Gonçalo/RJ Duque de Caxias/RJ São Bernardo do Campo/SP Nova Iguaçu/RJ
Santo André/SP Osasco/SP Sorocaba/SP Uberlândia/MG Ribeirão Preto/SP São José dos Campos/SP Jaboatão dos Guararapes/PE
Contagem/MG Joinville/SC Feira de Santana/BA Londrina/PR Juiz de Fora/MG Aparecida de Goiânia/GO Serra/ES
Campos dos Goytacazes/RJ Belford Roxo/RJ Niterói/RJ São José do Rio Preto/SP Ananindeua/PA Vila Velha/ES Caxias do Sul/RS
Mogi das Cruzes/SP Jundiaí/SP São João de Meriti/RJ Piracicaba/SP Campina Grande/PB Santos/SP Mauá/SP Montes Claros/MG
Betim/MG Maringá/PR Anápolis/GO Diadema/SP Carapicuíba/SP Petrolina/PE Bauru/SP Caruaru/PE Vitória da Conquista/BA
Itaquaquecetuba/SP Blumenau/SC Ponta Grossa/PR Caucaia/CE Cariacica/ES Franca/SP Olinda/PE Praia Grande/SP Cascavel/PR
Canoas/RS Paulista/PE Uberaba/MG Santarém/PA São Vicente/SP Ribeirão das Neves/MG São José dos Pinhais/PR Pelotas/RS
Barueri/SP Taubaté/SP Suzano/SP Camaçari/BA Governador Valadares/MG Limeira/SP Foz do Iguaçu/PR Juazeiro do Norte/CE
Sumaré/SP Volta Redonda/RJ Petrópolis/RJ Gravataí/RS Guarujá/SP Mossoró/RN Imperatriz/MA Várzea Grande/MT Marabá/PA
Ipatinga/MG Sete Lagoas/MG Juazeiro/BA Taboão da Serra/SP São Carlos/SP Marília/SP Presidente Prudente/SP
Maracanaú/CE Itajaí/SC Chapecó/SC São José/SC Palhoça/SC Criciúma/SC Americana/SP Araraquara/SP Jacareí/SP Rio Verde/GO
Dourados/MS Parnamirim/RN Itabuna/BA Arapiraca/AL Cabo Frio/RJ Macaé/RJ Santa Maria/RS Passo Fundo/RS Lauro de Freitas/BA
Sobral/CE Nossa Senhora do Socorro/SE Rio Grande/RS Caxias/MA Timon/MA Parauapebas/PA Santa Luzia/MG Divinópolis/MG
Cabo de Santo Agostinho/PE Santa Rita/PB Barreiras/BA Teixeira de Freitas/BA Valparaíso de Goiás/GO Luziânia/GO
Colombo/PR Guarapuava/PR Novo Hamburgo/RS São Leopoldo/RS Rondonópolis/MT Sinop/MT Ji-Paraná/RO Castanhal/PA
Bonito/MS Gramado/RS Paraty/RJ Ouro Preto/MG Porto Seguro/BA Campos do Jordão/SP Barretos/SP Mariana/MG`;

/**
 * Names that are also everyday words, first names, surnames, saints or feasts: "Natal", "Vitória",
 * "Esperança", "Santos", "Mariana", "São João". They count only with a place cue ("em Natal",
 * "prefeitura de Vitória", a state beside them) or when the article confirms their state.
 */
export const TRAP_NAMES = new Set(
  `natal, belem, vitoria, esperanca, paraiso, bonito, cruz, central, planalto, progresso, uniao, liberdade, independencia,
  triunfo, concordia, harmonia, aurora, gloria, alegre, feliz, feliz natal, estrela, esteio, flores, floresta, palmeira,
  cachoeira, jardim, caridade, saudades, sossego, capela, recreio, sacramento, formosa, primavera, pinhao, prata, porto,
  barra, serra, campestre, cedro, boa vista, bela vista, bom sucesso, boa esperanca, mundo novo, novo mundo, boa viagem,
  bom jesus, bom despacho, santa cruz, santa rita, santa luzia, santa helena, santa maria, santa barbara, santa fe,
  santo antonio, sao joao, sao jose, sao pedro, sao sebastiao, sao francisco, sao miguel, sao vicente, sao jorge,
  sao lourenco, sao roque, sao bento, espirito santo, aparecida, tiradentes, paulista, alvorada, esplanada,
  contagem, santos, assis, castro, cunha, mendes, queiroz, sousa, viana, bastos, tavares, caldas, miranda, monteiro,
  paiva, medeiros, salgado, seabra, simoes, lins, mesquita, sales, sampaio, leme, machado, pinheiro, colombo, montenegro,
  garibaldi, sobral, guimaraes, barbosa, cardoso, anchieta, aguiar, prado, teixeira, castilho, mariana, carolina,
  marilia, cristina, vera, iracema`
    .split(',')
    .map((name) => name.trim()),
);

// Person titles and speech verbs: "segundo Santos", "a professora Marília", "Castro afirmou".
export const PERSON_BEFORE = new Set(`segundo conforme sr sra dr dra senhor senhora dona professor professora jogador jogadora
tecnico atacante goleiro zagueiro deputado deputada senador senadora vereador vereadora secretario secretaria ministro
ministra padre pastor frei irma estudante aluno aluna autor autora cantor cantora ator atriz artista delegado delegada
juiz juiza promotor promotora coordenador coordenadora diretor diretora presidente governador governadora advogado
advogada medico medica enfermeira doutor doutora capitao sargento tenente coronel cabo soldado`.split(/\s+/));

export const SPEECH_AFTER = new Set(`disse afirmou explicou declarou contou destacou ressaltou lembrou comentou avaliou
afirma explica diz conta relata relatou garantiu garante defendeu defende criticou acrescentou`.split(/\s+/));

/** Before "de X" these nouns make X a place: "prefeitura de Natal", "moradores de Vitória". */
export const PLACE_NOUNS = new Set(`cidade cidades municipio municipios prefeitura prefeituras prefeito prefeita moradores habitantes
camara regiao centro periferia bairro bairros zona capital interior litoral rodoviaria aeroporto porto distrito comarca
vereadores natural naturais vindo vinda saiu partiu trecho entorno arredores metropolitana sul norte leste oeste
orla praias praia rua ruas avenida escolas escola hospitais unidades feira mercado vizinha vizinhas populacao`.split(/\s+/));

/** Common nouns right before a name make it the name of that thing: "terminal Ouro Verde", "bairro Santa Cruz". */
export const NAMED_THINGS = new Set(`terminal bairro estacao rua avenida praca parque hospital escola colegio estadio shopping
edificio condominio residencial conjunto vila jardim loteamento comunidade corrego ribeirao morro ponte viaduto tunel
setor fazenda sitio usina igreja paroquia capela time clube colegio instituto escola`.split(/\s+/));

/** Prepositions that introduce a place on their own. */
export const PLACE_PREPOSITIONS = new Set(['em', 'para', 'até', 'ate', 'entre', 'rumo', 'desde']);

/** Articles and their contractions: towns take none ("em Natal"), feasts and clubs do ("no Natal", "o Santos"). */
export const ARTICLES = new Set(`o a os as no na nos nas do da dos das ao aos à às pelo pela pelos pelas num numa
neste nesta deste desta este esta esse essa nesse nessa desse dessa aquele aquela seu sua nosso nossa um uma`.split(/\s+/));

/** Towns written with an article: "no Recife", "o Rio de Janeiro". */
export const ARTICLE_TOWNS = new Set(['recife', 'rio de janeiro', 'rio', 'crato', 'cabo de santo agostinho']);

// Words near a trap name that point to the feast, the saint, the word or the club, not the town.
export const NOT_PLACE_CUES = new Set(`feliz ceia ceias vespera festa festas festejos presente presentes arvore enfeites
decoracao luzes natalino natalina panetone papai noel presepio menino jesus manjedoura magos nascimento igreja
paroquia procissao devotos devocao novena santuario catedral fogueira quadrilha quermesse arraial
trezena padroeiro padroeira missa romaria time clube jogo partida torcida torcedores placar
gol gols rodada campeonato elenco goleada empate derrota conquistou garantiu comemora comemorou
virada estreia adversario`.split(/\s+/));

/** Before a state's name: a river or a lake, not the state ("rio Acre", "rio Tocantins"). */
export const WATER_NOUNS = new Set(['rio', 'rios', 'bacia', 'lago', 'represa', 'lagoa', 'foz', 'vale']);

/** Before São Paulo or Rio de Janeiro these nouns mean the state, not the city. */
export const STATE_NOUNS = new Set(`estado estados governo governador governadora interior litoral assembleia
estadual deputados sertao oeste serrana`.split(/\s+/));

/** Words that make "Brasília" the federal government's seat rather than the town. */
export const FEDERAL_CUES = new Set(`planalto congresso ministerio ministerios ministro ministra stf senado camara esplanada
federal presidente presidencia lula governo deputados senadores tribunal supremo uniao`.split(/\s+/));
export const DF_LOCAL_CUES = new Set(`gdf distrito ceilandia taguatinga samambaia brasilienses brasiliense candangos
sobradinho planaltina guara gama administracao regional asa norte sul lago entorno`.split(/\s+/));

// Demonyms: evidence for a state when telling homonyms apart ("interior paulista", "capital gaúcha").
const DEMONYM_ROOTS: Record<string, string> = {
  paulist: 'SP', fluminens: 'RJ', carioc: 'RJ', mineir: 'MG', gauch: 'RS', catarinens: 'SC', paranaens: 'PR',
  baian: 'BA', pernambucan: 'PE', cearens: 'CE', potiguar: 'RN', paraiban: 'PB', alagoan: 'AL', sergipan: 'SE',
  piauiens: 'PI', maranhens: 'MA', paraens: 'PA', amazonens: 'AM', acrean: 'AC', rondoniens: 'RO', roraimens: 'RR',
  amapaens: 'AP', tocantinens: 'TO', goian: 'GO', capixab: 'ES', brasiliens: 'DF', paulistan: 'SP',
};

/** The state a demonym names: 'gaúcha' -> RS; 'mato-grossense' is told by its previous tokens. */
export function demonymState(folded: string): string | undefined {
  const root = folded.replace(/(os|as|es|o|a|e|s)$/, '');
  return DEMONYM_ROOTS[root] ?? DEMONYM_ROOTS[folded];
}

/** Short and familiar names of cities. */
export const ALIASES: Record<string, string> = { rio: 'Rio de Janeiro/RJ', bh: 'Belo Horizonte/MG', floripa: 'Florianópolis/SC', sampa: 'São Paulo/SP' };

// Subject or passing mention (roles.ts).

/** Words that make the place after them an origin, a destination or a comparison: "voos vindos de", "com destino a", "atrás de". */
export const PASSING_CUES = new Set(`vindos vindas vindo vinda vieram veio procedentes procedente oriundos oriundas origem
saindo saem partindo partiram partem partiu destino destinos conexao conexoes escala escalas voo voos rota rotas trecho
trechos desviados desviadas desviado excursoes caravanas passagens embarcar mudou mudaram frente atras metropolitana`.split(/\s+/));

/** Small words allowed between such a cue and the place: "vieram principalmente de", "voos diretos para". */
export const PASSING_LINKS = new Set(`de do da dos das em no na nos nas para a ao aos o os principalmente sobretudo tambem
diretos direto diretas extras regiao`.split(/\s+/));

/** Singular nouns before "de X" that name a street, a neighbourhood or a beach after X: "bairro do Rio Vermelho", "praia de Boa Viagem". */
export const STREET_NOUNS = new Set(`bairro rua avenida travessa alameda praca largo ladeira praia circuito`.split(/\s+/));

/** After "X, no/na": a region that locates X ("na região metropolitana", "no litoral", "no agreste"). */
export const REGION_NOUNS = new Set(`regiao litoral interior agreste sertao serra vale zona oeste norte sul leste nordeste noroeste
sudeste sudoeste centro-oeste triangulo cariri recôncavo reconcavo baixada planalto campos`.split(/\s+/));

/** Before "de X", nouns that make X a municipality, not a neighbourhood of the article's city. */
export const TOWN_NOUNS = new Set(`cidade municipio prefeitura prefeito prefeita`.split(/\s+/));
