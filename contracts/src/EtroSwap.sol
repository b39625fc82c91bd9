// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Two solhint gas hints do not fit this contract: amounts stay event data (topics are for filtering),
// and `>=` / `<=` are kept where they state the rule.
/* solhint-disable gas-indexed-events, gas-strict-inequalities */

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IUniswapV2Pair} from "./interfaces/IUniswapV2Pair.sol";
import {LockLedger} from "./LockLedger.sol";

/// @title EtroSwap
/// @author ETERNO
/// @notice The swap panel's contract: buys ETRO with USDT and sells ETRO for USDT through the ETRO/USDT
///         Uniswap V2 pair (EULP). A buy takes a fee in USDT (default 6 %) for the fee receiver, swaps the
///         rest, and credits the ETRO bought to the buyer's lock balance in the {LockLedger}, released
///         linearly over the vesting duration (default 24 h). A sell pays USDT straight to the seller.
///         Both sides take a minimum output (slippage bound) and a deadline, and revert below the one or
///         after the other.
/// @dev Trades go to the pair directly (input transferred from the trader to the pair, output computed
///      with Uniswap V2's constant-product formula, 0.3 % pool fee), which is what Router02 does for a
///      one-hop path. There is no one-argument `swap(amount)`: a minimum computed on chain moves with
///      the price it protects against, so the app quotes (`quoteBuy`) and passes the user's bound.
///      Invariants:
///        - per buy: fee + amount swapped == USDT taken; fee == amountIn * feeBps / 10 000 (rounded down);
///        - the ETRO bought is in the ledger and credited to the buyer in the same transaction;
///        - a trade never pays less than its `minOut`;
///        - a trade never executes in a block whose timestamp is after its `deadline`;
///        - this contract holds no tokens between transactions.
contract EtroSwap is Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice 100 % in basis points.
    uint256 public constant BPS = 10_000;
    /// @notice The highest fee the owner may set (20 %).
    uint256 public constant MAX_FEE_BPS = 2_000;
    /// @notice The longest vesting duration the owner may set.
    uint64 public constant MAX_VESTING_DURATION = 30 days;

    /// @notice The ETRO/USDT pair (EULP).
    IUniswapV2Pair public immutable PAIR;
    /// @notice USDT, the quote token.
    IERC20 public immutable USDT;
    /// @notice ETRO, the token bought and sold.
    IERC20 public immutable ETRO;
    /// @notice The ledger that holds the bought ETRO while it vests.
    LockLedger public immutable LEDGER;
    /// @notice Whether USDT is the pair's token0.
    bool private immutable USDT_IS_TOKEN0;

    /// @notice The buy fee, in basis points of the USDT paid.
    uint16 public feeBps;
    /// @notice How long bought ETRO takes to release, in seconds.
    uint64 public vestingDuration;
    /// @notice Who receives the buy fee.
    address public feeReceiver;

    /// @notice A trade: a buy (USDT in, ETRO out into the lock) or a sell (ETRO in, USDT out).
    /// @param trader The buyer or seller.
    /// @param isBuy True for a buy.
    /// @param amountIn What the trader paid (USDT for a buy, fee included; ETRO for a sell).
    /// @param amountOut What the trader got (ETRO locked for a buy; USDT for a sell).
    /// @param fee The USDT fee taken (0 for a sell).
    event Trade(address indexed trader, bool indexed isBuy, uint256 amountIn, uint256 amountOut, uint256 fee);
    /// @notice The buy fee changed.
    /// @param feeBps The new fee in basis points.
    event FeeSet(uint256 feeBps);
    /// @notice The fee receiver changed.
    /// @param receiver The new receiver.
    event FeeReceiverSet(address indexed receiver);
    /// @notice The vesting duration changed.
    /// @param duration The new duration in seconds.
    event VestingDurationSet(uint64 duration);

    /// @notice An address parameter was the zero address.
    error ZeroAddress();
    /// @notice A trade of zero was attempted.
    error ZeroAmount();
    /// @notice The pair does not trade exactly USDT against ETRO.
    /// @param token0 The pair's token0.
    /// @param token1 The pair's token1.
    error PairMismatch(address token0, address token1);
    /// @notice The ledger locks another token than ETRO.
    /// @param ledgerToken The ledger's token.
    error LedgerMismatch(address ledgerToken);
    /// @notice The pair has no liquidity.
    error NoLiquidity();
    /// @notice The trade would pay less than the trader's minimum.
    /// @param amountOut What the trade would pay.
    /// @param minOut The trader's minimum.
    error InsufficientOutput(uint256 amountOut, uint256 minOut);
    /// @notice The trade was mined after the trader's deadline.
    /// @param deadline The trader's deadline (unix seconds).
    /// @param timestamp The block's timestamp.
    error DeadlineExpired(uint256 deadline, uint256 timestamp);
    /// @notice The requested fee is above MAX_FEE_BPS.
    /// @param feeBps The requested fee.
    /// @param maxFeeBps The cap.
    error FeeTooHigh(uint256 feeBps, uint256 maxFeeBps);
    /// @notice The requested vesting duration is above MAX_VESTING_DURATION.
    /// @param duration The requested duration.
    /// @param maxDuration The cap.
    error VestingTooLong(uint256 duration, uint256 maxDuration);

    /// @notice Wires the swap to the ETRO/USDT pair and the ledger, with a 6 % fee and 24 h vesting.
    /// @param pair The ETRO/USDT Uniswap V2 pair.
    /// @param usdt The USDT token.
    /// @param etro The ETRO token.
    /// @param ledger The lock ledger (this contract needs its WRITER_ROLE).
    /// @param receiver The fee receiver.
    /// @param owner_ The owner (parameter setters).
    constructor(IUniswapV2Pair pair, IERC20 usdt, IERC20 etro, LockLedger ledger, address receiver, address owner_)
        Ownable(owner_)
    {
        if (
            address(pair) == address(0) || address(usdt) == address(0) || address(etro) == address(0)
                || address(ledger) == address(0) || receiver == address(0)
        ) revert ZeroAddress();
        address token0 = pair.token0();
        address token1 = pair.token1();
        bool usdtFirst = token0 == address(usdt) && token1 == address(etro);
        if (!usdtFirst && !(token0 == address(etro) && token1 == address(usdt))) revert PairMismatch(token0, token1);
        if (address(ledger.ETRO()) != address(etro)) revert LedgerMismatch(address(ledger.ETRO()));
        PAIR = pair;
        USDT = usdt;
        ETRO = etro;
        LEDGER = ledger;
        USDT_IS_TOKEN0 = usdtFirst;
        feeBps = 600;
        vestingDuration = 24 hours;
        feeReceiver = receiver;
    }

    /// @notice Buys ETRO with `amountIn` USDT: the fee goes to the fee receiver, the rest is swapped, and
    ///         the ETRO bought is credited to the caller's lock balance, vesting over `vestingDuration`.
    /// @dev The caller approves this contract for `amountIn` USDT.
    /// @param amountIn The USDT paid, fee included.
    /// @param minOut The least ETRO the caller accepts (after the fee and the price impact).
    /// @param deadline The last block timestamp (unix seconds) at which the trade may execute.
    /// @return amountOut The ETRO bought and locked.
    function swap(uint256 amountIn, uint256 minOut, uint256 deadline)
        external
        nonReentrant
        returns (uint256 amountOut)
    {
        _checkDeadline(deadline);
        if (amountIn == 0) revert ZeroAmount();
        uint256 fee = amountIn * feeBps / BPS;
        uint256 net = amountIn - fee;
        (uint256 reserveUsdt, uint256 reserveEtro) = _reserves();
        amountOut = _amountOut(net, reserveUsdt, reserveEtro);
        if (amountOut == 0 || amountOut < minOut) revert InsufficientOutput(amountOut, minOut);

        if (fee != 0) USDT.safeTransferFrom(msg.sender, feeReceiver, fee);
        USDT.safeTransferFrom(msg.sender, address(PAIR), net);
        _pairSwap(address(ETRO), amountOut, address(LEDGER));
        LEDGER.credit(msg.sender, amountOut, vestingDuration);
        emit Trade(msg.sender, true, amountIn, amountOut, fee);
    }

    /// @notice Sells `amountIn` ETRO for USDT, paid to the caller.
    /// @dev The caller approves this contract for `amountIn` ETRO.
    /// @param amountIn The ETRO sold.
    /// @param minOut The least USDT the caller accepts.
    /// @param deadline The last block timestamp (unix seconds) at which the trade may execute.
    /// @return amountOut The USDT received.
    function sell(uint256 amountIn, uint256 minOut, uint256 deadline)
        external
        nonReentrant
        returns (uint256 amountOut)
    {
        _checkDeadline(deadline);
        if (amountIn == 0) revert ZeroAmount();
        (uint256 reserveUsdt, uint256 reserveEtro) = _reserves();
        amountOut = _amountOut(amountIn, reserveEtro, reserveUsdt);
        if (amountOut == 0 || amountOut < minOut) revert InsufficientOutput(amountOut, minOut);

        ETRO.safeTransferFrom(msg.sender, address(PAIR), amountIn);
        _pairSwap(address(USDT), amountOut, msg.sender);
        emit Trade(msg.sender, false, amountIn, amountOut, 0);
    }

    /// @notice What a buy of `amountIn` USDT would pay now.
    /// @param amountIn The USDT paid, fee included.
    /// @return fee The USDT fee.
    /// @return amountOut The ETRO that would be locked.
    function quoteBuy(uint256 amountIn) external view returns (uint256 fee, uint256 amountOut) {
        fee = amountIn * feeBps / BPS;
        (uint256 reserveUsdt, uint256 reserveEtro) = _reserves();
        amountOut = _amountOut(amountIn - fee, reserveUsdt, reserveEtro);
    }

    /// @notice What a sell of `amountIn` ETRO would pay now.
    /// @param amountIn The ETRO sold.
    /// @return amountOut The USDT that would be paid.
    function quoteSell(uint256 amountIn) external view returns (uint256 amountOut) {
        (uint256 reserveUsdt, uint256 reserveEtro) = _reserves();
        amountOut = _amountOut(amountIn, reserveEtro, reserveUsdt);
    }

    /// @notice Sets the buy fee.
    /// @param newFeeBps The fee in basis points, at most MAX_FEE_BPS.
    function setFeeBps(uint256 newFeeBps) external onlyOwner {
        if (newFeeBps > MAX_FEE_BPS) revert FeeTooHigh(newFeeBps, MAX_FEE_BPS);
        feeBps = SafeCast.toUint16(newFeeBps);
        emit FeeSet(newFeeBps);
    }

    /// @notice Sets who receives the buy fee.
    /// @param receiver The new receiver.
    function setFeeReceiver(address receiver) external onlyOwner {
        if (receiver == address(0)) revert ZeroAddress();
        feeReceiver = receiver;
        emit FeeReceiverSet(receiver);
    }

    /// @notice Sets how long future buys take to release (bought ETRO already locked keeps its schedule).
    /// @param duration The duration in seconds, at most MAX_VESTING_DURATION (0: released at once).
    function setVestingDuration(uint256 duration) external onlyOwner {
        if (duration > MAX_VESTING_DURATION) revert VestingTooLong(duration, MAX_VESTING_DURATION);
        vestingDuration = SafeCast.toUint64(duration);
        emit VestingDurationSet(vestingDuration);
    }

    /// @notice Reverts when the current block is after `deadline` (a trade at the deadline itself executes,
    ///         as in Uniswap V2's router).
    /// @param deadline The trader's deadline (unix seconds).
    function _checkDeadline(uint256 deadline) private view {
        if (block.timestamp > deadline) revert DeadlineExpired(deadline, block.timestamp);
    }

    /// @notice The pair's reserves as (USDT, ETRO).
    /// @return reserveUsdt The USDT reserve.
    /// @return reserveEtro The ETRO reserve.
    function _reserves() private view returns (uint256 reserveUsdt, uint256 reserveEtro) {
        (uint112 reserve0, uint112 reserve1,) = PAIR.getReserves();
        (reserveUsdt, reserveEtro) = USDT_IS_TOKEN0 ? (reserve0, reserve1) : (reserve1, reserve0);
        if (reserveUsdt == 0 || reserveEtro == 0) revert NoLiquidity();
    }

    /// @notice Asks the pair to send `amountOut` of `tokenOut` to `to` (its input is already there).
    /// @param tokenOut The token sent (USDT or ETRO).
    /// @param amountOut The amount sent.
    /// @param to The receiver.
    function _pairSwap(address tokenOut, uint256 amountOut, address to) private {
        bool outIsToken0 = (tokenOut == address(USDT)) == USDT_IS_TOKEN0;
        (uint256 amount0Out, uint256 amount1Out) = outIsToken0 ? (amountOut, uint256(0)) : (uint256(0), amountOut);
        PAIR.swap(amount0Out, amount1Out, to, "");
    }

    /// @notice Uniswap V2's output for an exact input (0.3 % pool fee).
    /// @param amountIn The input amount.
    /// @param reserveIn The input token's reserve.
    /// @param reserveOut The output token's reserve.
    /// @return The output amount.
    function _amountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) private pure returns (uint256) {
        uint256 inWithFee = amountIn * 997;
        return inWithFee * reserveOut / (reserveIn * 1000 + inWithFee);
    }
}
